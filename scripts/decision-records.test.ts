import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = new URL('../docs/decisions/', import.meta.url).pathname;
const records = readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name));
const index = readFileSync(join(folder, 'README.md'), 'utf8');

describe('the decision records', () => {
  it('are numbered once each, and each page starts with its own number', () => {
    const numbers = records.map((name) => name.slice(0, 4));
    expect(numbers.filter((number, at) => numbers.indexOf(number) !== at)).toEqual([]);
    const misnumbered = records.filter(
      (name) => !readFileSync(join(folder, name), 'utf8').startsWith(`# ${name.slice(0, 4)} `),
    );
    expect(misnumbered).toEqual([]);
    expect(records.length).toBeGreaterThan(20);
  });

  it('are every one listed in the index, which links to no other page', () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(records.filter((name) => !linked.includes(name))).toEqual([]);
    expect(linked.filter((name) => !records.includes(name!))).toEqual([]);
  });

  // A page: 55 lines of 110 characters; a longer line (a table's row) takes as many lines as it fills.
  // Figures belong in bench/results/, where the benchmark that measures them writes them.
  it('are one page each', () => {
    const pageLines = (text: string) =>
      text
        .trimEnd()
        .split('\n')
        .reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / 110)), 0);
    const long = records
      .map((name) => ({ name, lines: pageLines(readFileSync(join(folder, name), 'utf8')) }))
      .filter((record) => record.lines > 55);
    expect(long).toEqual([]);
  });
});
