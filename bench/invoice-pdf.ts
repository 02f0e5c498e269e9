/**
 * Invoice PDF benchmark: the time to render one issued document as a PDF, in one process. The first render
 * (cold: fonts read and parsed, code warmed) and then, per sample document, the median and p95 of 50 warm
 * renders. The goal is under 300 ms for a warm render.
 *
 *   npm run bench:invoice-pdf
 */
import { loadavg } from 'node:os';
import { recordPrintedFigures } from './record-figures';

recordPrintedFigures('invoice-pdf');

const RUNS = 50;
const GOAL_MS = 300;

const importStartedAt = performance.now();
const { renderInvoicePdf } = await import('../src/server/invoices/render-invoice-pdf');
const samples = await import('../src/server/invoices/test/sample-invoice-documents');
const importMs = performance.now() - importStartedAt;

const longInvoice = samples.makeSampleTaxInvoice({
  lines: Array.from({ length: 40 }, (_, index) =>
    samples.makeSampleLine(
      `Night ${index + 1}: accommodation at Sunset Villa`,
      700_000,
      500,
      'intra_state',
      1,
    ),
  ),
});
const guestIn = (script: string) => {
  const guest = samples.SAMPLE_GUESTS_BY_SCRIPT.find((entry) => entry.script === script)!;
  return { name: `tax invoice to a guest in ${script}`, document: samples.makeSampleScriptInvoice(guest) };
};
const documents = [
  { name: 'tax invoice, intra-state, two rate bands', document: samples.makeSampleTaxInvoice() },
  { name: 'tax invoice with Devanagari names', document: samples.makeSampleDevanagariInvoice() },
  guestIn('Arabic'),
  guestIn('Tamil'),
  guestIn('Chinese'),
  guestIn('Japanese'),
  { name: 'tax invoice of 40 lines (3 pages)', document: longInvoice },
  { name: 'receipt in AED', document: samples.makeSampleReceipt() },
];

const coldStartedAt = performance.now();
const first = await renderInvoicePdf(documents[0]!.document);
const coldMs = performance.now() - coldStartedAt;

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

console.log(`Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}`);
console.log(`import of the renderer: ${importMs.toFixed(0)} ms`);
console.log(`first render (cold, fonts loaded): ${coldMs.toFixed(0)} ms, ${first.length} bytes`);
console.log(`\nwarm renders, ${RUNS} each (goal: median under ${GOAL_MS} ms)`);
console.log('document'.padEnd(48), 'median ms'.padStart(10), 'p95 ms'.padStart(8), 'bytes'.padStart(8));
let withinGoal = true;
const firstRenders: string[] = [];
for (const { name, document } of documents) {
  // Each document's own first render warms what it alone uses (its script's fonts, more pages).
  const firstStartedAt = performance.now();
  await renderInvoicePdf(document);
  firstRenders.push(`${name}: ${(performance.now() - firstStartedAt).toFixed(0)} ms`);
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const startedAt = performance.now();
    bytes = (await renderInvoicePdf(document)).length;
    times.push(performance.now() - startedAt);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 0.5);
  withinGoal &&= median < GOAL_MS;
  console.log(
    name.padEnd(48),
    median.toFixed(1).padStart(10),
    percentile(times, 0.95).toFixed(1).padStart(8),
    String(bytes).padStart(8),
  );
}
console.log(`\nfirst render of each document (its fonts read and parsed):\n  ${firstRenders.join('\n  ')}`);
console.log(withinGoal ? `\nEvery median is under ${GOAL_MS} ms.` : `\nA median is over ${GOAL_MS} ms.`);
