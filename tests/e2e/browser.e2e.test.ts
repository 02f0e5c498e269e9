/**
 * Every browser test, as one test file. They share one server (and its sample data), so they run one
 * after another; as one file they do so on one worker while the other worker runs the API tests,
 * instead of all waiting until every other file has finished (Vitest runs a project that allows no file
 * parallelism after everything else). `E2E_ONLY=site-landing,smoke npm run test:e2e` runs some of them.
 */
const only = process.env.E2E_ONLY?.split(',').map((name) => name.trim());
const suites = import.meta.glob('./*.e2e.ts');
const chosen = Object.keys(suites)
  .sort()
  .filter((path) => !only || only.some((name) => path === `./${name}.e2e.ts`));
if (chosen.length === 0) throw new Error(`No browser test matches E2E_ONLY=${process.env.E2E_ONLY}`);
for (const path of chosen) await suites[path]!();
