import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Where a line's description starts: a folder named before it heads the line, after it is a child. */
const DESCRIPTION_COLUMN = 21;

/**
 * The folders the README's layout block names, from the repository's root. A line may start with a
 * folder (at the left edge: from the root; indented: inside the last folder at the left edge); folders
 * named in its description (`name/`) are inside the line's folder, and so are those on the lines that
 * continue it (lines that start in the description column).
 */
function readLayoutFolders(text: string): string[] {
  const section = text.split(/^## Layout$/m)[1]?.split(/^## /m)[0] ?? '';
  const block = /^```\n([\s\S]*?)^```$/m.exec(section)?.[1];
  if (!block) throw new Error('The README has no code block under "## Layout".');
  const folders: string[] = [];
  let top = '';
  let head = '';
  for (const line of block.split('\n')) {
    const indent = line.length - line.trimStart().length;
    const first = line.trim().split(/\s+/)[0] ?? '';
    let description = line;
    if (indent < DESCRIPTION_COLUMN && first.endsWith('/')) {
      head = indent === 0 ? first : top + first;
      if (indent === 0) top = first;
      folders.push(head);
      description = line.slice(indent + first.length);
    }
    for (const [, name] of description.matchAll(/(?:^|[\s(])([\w.-]+(?:\/[\w.-]+)*\/)(?=[\s,;:)]|$)/g))
      folders.push(head + name);
  }
  return [...new Set(folders)];
}

const subfolders = (folder: string) =>
  readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}${entry.name}/`);

describe("the README's layout", () => {
  const listed = readLayoutFolders(readme);

  it('names only folders that exist', () => {
    const missing = listed.filter(
      (folder) => !existsSync(join(root, folder)) || !statSync(join(root, folder)).isDirectory(),
    );
    expect(missing).toEqual([]);
    expect(listed.length).toBeGreaterThan(20);
  });

  it('names every folder of src/, src/server/, src/client/ and src/client/features/', () => {
    const folders = ['src/', 'src/server/', 'src/client/', 'src/client/features/'].flatMap(subfolders);
    expect(folders.filter((folder) => !listed.includes(folder))).toEqual([]);
  });
});

describe("the README's commands", () => {
  it('are the ones .ci/run and package.json run', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm test ');
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^npm test\b/m);
  });
});

describe('the README', () => {
  // The front door: what the product is, the two commands, the variables and the layout; the rest is in docs/.
  it('stays under 120 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThan(120);
  });
});
