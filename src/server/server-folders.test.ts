import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = resolve(import.meta.dirname);

/** The server's source files, without tests and test harnesses. */
function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : listSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The folder of src/server a file is in (a file at the top is its own). */
function folderOf(path: string): string {
  const [first = '', second] = relative(SERVER, path).split('/');
  return second === undefined ? first.replace(/\.tsx?$/, '') : first;
}

/** Which folders each folder imports, with one import that shows it. */
function readFolderImports(): Map<string, Map<string, string>> {
  const imports = new Map<string, Map<string, string>>();
  for (const file of listSourceFiles(SERVER)) {
    const source = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of source.matchAll(/(?:import|export)\s[^'"]*?from\s+'([^']+)'/g)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(`${SERVER}/`)) continue;
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to) continue;
      if (!imports.has(from)) imports.set(from, new Map());
      imports.get(from)!.set(to, `${relative(SERVER, file)} → ${specifier}`);
    }
  }
  return imports;
}

describe('the folders of the server', () => {
  const imports = readFolderImports();

  it('reads the imports it checks', () => {
    expect(imports.get('operations')?.has('store')).toBe(true);
    expect(imports.get('channels')?.has('store')).toBe(true);
  });

  // Two folders that import each other are one knot: neither can change, or be read, without the other.
  it('has no two folders that import each other', () => {
    const pairs = [...imports].flatMap(([from, targets]) =>
      [...targets.keys()]
        .filter((to) => from < to && imports.get(to)?.has(from))
        .map((to) => `${from} ⇄ ${to}: ${targets.get(to)}; ${imports.get(to)!.get(from)}`),
    );
    expect(pairs).toEqual([]);
  });
});
