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
});
