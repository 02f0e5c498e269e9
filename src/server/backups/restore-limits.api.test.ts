import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { gzipSync } from 'node:zlib';
import { pack, type Header } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../test/spawn-server';
import {
  describeRestoreError,
  describeRestoreLimits,
  MAX_BACKUP_EXPANDED_BYTES,
  restorePgliteBackup,
  RestoreRefusedError,
  type RestoreLimits,
} from './restore';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
// Bounded, not small: the command line's own start (tsx compiling the server's modules, PGlite's WebAssembly)
// takes about 300 MB on this machine; an archive read whole into memory took 6.6 GB.
const MEMORY_LIMIT = 512 * MiB;

/** A tar of the given entries (small ones, built in memory). */
async function buildTar(
  entries: { header: Partial<Header> & { name: string }; body?: Buffer }[],
): Promise<Buffer> {
  const tar = pack();
  for (const entry of entries) tar.entry(entry.header, entry.body ?? Buffer.alloc(0));
  tar.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of tar) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A gzip file of `head`, then `zeroBytes` of zeros: gzip members one after another decompress to their
 * contents one after another, so one compressed 64 MiB of zeros (64 KB) written again and again makes
 * gigabytes of expanded archive without computing or writing them.
 */
async function writeBomb(path: string, head: Buffer, zeroBytes: number): Promise<void> {
  const chunk = 64 * MiB;
  const zeros = gzipSync(Buffer.alloc(chunk), { level: 9 });
  const out = createWriteStream(path);
  out.write(gzipSync(head));
  for (let left = zeroBytes; left > 0; left -= chunk) {
    const member = left >= chunk ? zeros : gzipSync(Buffer.alloc(left), { level: 9 });
    if (!out.write(member)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

/** One ustar header block for a file of `size` bytes (its data is whatever follows). */
async function tarHeader(name: string, size: number): Promise<Buffer> {
  // tar-stream writes the header first; the data is never given, so only the 512 header bytes are kept.
  const tar = pack();
  const sink = tar.entry({ name, size, type: 'file' });
  const chunks: Buffer[] = [];
  const reading = (async () => {
    for await (const data of tar) {
      chunks.push(data as Buffer);
      if (Buffer.concat(chunks).length >= 512) break;
    }
  })();
  await reading;
  sink.destroy();
  return Buffer.concat(chunks).subarray(0, 512);
}

/** Runs `npm run restore` as the operator would, measuring the peak memory (max RSS) of its process. */
function runRestore(file: string, dataDir: string) {
  const preload = join(directory, 'report-max-rss.mjs');
  writeFileSync(
    preload,
    "process.on('exit', () => process.stderr.write(`\\nmaxRSS=${process.resourceUsage().maxRSS}\\n`));\n",
  );
  return new Promise<{ code: number | null; stderr: string; stdout: string; maxRssBytes: number }>(
    (resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--import', preload, join(PROJECT_ROOT, 'src/server/cli/restore.ts'), file],
        {
          cwd: PROJECT_ROOT,
          env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => {
        const kilobytes = Number(/maxRSS=(\d+)/.exec(stderr)?.[1] ?? NaN);
        resolve({
          code,
          stdout,
          stderr: stderr.replace(/\nmaxRSS=\d+\n/, ''),
          maxRssBytes: kilobytes * 1024,
        });
      });
    },
  );
}

let directory = '';
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'villa-restore-limits-'));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Whatever a refused restore leaves: nothing but what was there (no database, no staging folder). */
const leftIn = (dataDir: string) => (existsSync(dataDir) ? readdirSync(dataDir) : []);

describe('npm run restore of an archive that expands past what a backup can hold', () => {
  it('refuses a 2 MB archive holding a 2 GB file from its header, in bounded memory', async () => {
    // Before, PGlite inflated all of it in memory (6.6 GB at its peak) and answered "(undefined)".
    const file = join(directory, 'villa-backup-20261123T030000000Z-manual.pglite.tar.gz');
    await writeBomb(file, await tarHeader('/base/1/16384', 2 * GiB), 2 * GiB);
    const dataDir = join(directory, 'data-one');
    const result = await runRestore(file, dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^Nothing was restored\. .* holds a file of 2\.0 GB \("\/base\/1\/16384"\), larger than any file of a database \(at most 1\.0 GB each\): it is damaged or not a backup of this application\.$/,
    );
    expect(result.stderr).not.toMatch(/undefined/);
    expect(result.maxRssBytes).toBeLessThan(MEMORY_LIMIT);
    expect(leftIn(dataDir)).toEqual([]);
  }, 120_000);

  it('stops a small archive padded with gigabytes of zeros at the limit, counting as it inflates', async () => {
    // A real-looking start, the end of the archive, then 5 GiB of zeros: no header says how much follows.
    const head = await buildTar([{ header: { name: '/PG_VERSION' }, body: Buffer.from('17\n') }]);
    const file = join(directory, 'villa-backup-20261123T040000000Z-manual.pglite.tar.gz');
    await writeBomb(file, head, 5 * GiB);
    const dataDir = join(directory, 'data-two');
    const started = performance.now();
    const result = await runRestore(file, dataDir);
    console.log(
      `zero-padded bomb: refused in ${Math.round(performance.now() - started)} ms, max RSS ${Math.round(result.maxRssBytes / MiB)} MB`,
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Nothing was restored\. .* expands to more than [\d.]+ [GM]B, /);
    expect(result.maxRssBytes).toBeLessThan(MEMORY_LIMIT);
    expect(leftIn(dataDir)).toEqual([]);
  }, 180_000);
});

describe('the limits of a restore', () => {
  const limits = (maxExpandedBytes: number, maxEntries = 1000): RestoreLimits => ({
    maxExpandedBytes,
    maxEntries,
    limitReason: 'the test limit',
  });
  const archive = async (
    name: string,
    entries: { header: Partial<Header> & { name: string }; body?: Buffer }[],
  ) => {
    const file = join(directory, `${name}.pglite.tar.gz`);
    writeFileSync(file, gzipSync(await buildTar(entries)));
    return file;
  };

  it('stops at the limit however the bytes are spread over files, and leaves the data directory as it was', async () => {
    const file = await archive(
      'many-files',
      Array.from({ length: 40 }, (_, index) => ({
        header: { name: `/base/1/${index}` },
        body: Buffer.alloc(MiB, index),
      })),
    );
    const dataDir = join(directory, 'data-many');
    await expect(restorePgliteBackup(file, dataDir, { limits: limits(16 * MiB) })).rejects.toThrow(
      /expands to more than 16\.0 MB, the test limit\.$/,
    );
    expect(leftIn(dataDir)).toEqual([]);
  });

  it('refuses too many entries, names that leave the folder, and links', async () => {
    const dataDir = join(directory, 'data-odd');
    const many = await archive(
      'many-entries',
      Array.from({ length: 20 }, (_, index) => ({ header: { name: `/f${index}` } })),
    );
    await expect(restorePgliteBackup(many, dataDir, { limits: limits(MiB, 10) })).rejects.toThrow(
      /holds more than 10 files, more than any backup this product makes/,
    );
    const escape = await archive('escape', [{ header: { name: '../../escaped' }, body: Buffer.from('x') }]);
    await expect(restorePgliteBackup(escape, dataDir, { limits: limits(MiB) })).rejects.toThrow(
      /holds "\.\.\/\.\.\/escaped", which is not a path inside a database folder/,
    );
    expect(existsSync(join(directory, 'escaped'))).toBe(false);
    const link = await archive('link', [
      { header: { name: '/PG_VERSION', type: 'symlink', linkname: '/etc/passwd' } },
    ]);
    await expect(restorePgliteBackup(link, dataDir, { limits: limits(MiB) })).rejects.toThrow(
      /holds "\/PG_VERSION" \(symlink\), which no backup of this application holds/,
    );
    const noDatabase = await archive('no-database', [
      { header: { name: '/notes.txt' }, body: Buffer.from('hi') },
    ]);
    await expect(restorePgliteBackup(noDatabase, dataDir, { limits: limits(MiB) })).rejects.toThrow(
      /holds no database folder/,
    );
    const truncated = join(directory, 'truncated.pglite.tar.gz');
    writeFileSync(truncated, gzipSync(Buffer.alloc(4096, 7)).subarray(0, 30));
    await expect(restorePgliteBackup(truncated, dataDir, { limits: limits(MiB) })).rejects.toThrow(
      RestoreRefusedError,
    );
    expect(leftIn(dataDir)).toEqual([]);
  });

  it('takes the free disk space as the limit when it is the smaller, and says so', () => {
    const small = describeRestoreLimits(directory, 1 * GiB);
    expect(small.maxExpandedBytes).toBe(GiB - 256 * MiB);
    expect(small.limitReason).toMatch(/^more than the 1\.0 GB free on the disk of .*, less 256\.0 MB/);
    const large = describeRestoreLimits(directory, 500 * GiB);
    expect(large.maxExpandedBytes).toBe(MAX_BACKUP_EXPANDED_BYTES);
    expect(large.limitReason).toMatch(/^larger than any backup this product makes/);
  });

  it('puts any failure into words, never "undefined"', () => {
    expect(describeRestoreError(new Error('boom'))).toBe('boom');
    // PGlite's file layer throws objects with an error number and no message.
    expect(describeRestoreError({ name: 'ErrnoError', errno: 51 })).toBe(
      'no space left on the disk (errno 51)',
    );
    expect(describeRestoreError({ name: 'ErrnoError', errno: 999 })).toBe('a file system error (errno 999)');
    expect(describeRestoreError(undefined)).toBe('an unexpected failure ([object Undefined])');
    expect(describeRestoreError(new Error(''))).not.toMatch(/undefined/);
  });
});
