/**
 * Runs a command's `main` and exits with the code it answers. An error of a kind the command expects (a
 * setting missing, the data directory in use) is told in its own words, after `lead`; any other whole.
 */
export function runCommand(
  main: () => Promise<number>,
  expected: { errors: readonly (abstract new (...args: never[]) => Error)[]; lead?: string },
): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = error instanceof Error && expected.errors.some((kind) => error instanceof kind);
      console.error(known ? `${expected.lead ?? ''}${error.message}` : error);
      process.exit(1);
    },
  );
}
