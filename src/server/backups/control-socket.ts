import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The embedded database can be opened by one process only, so while the server runs, `npm run backup`
 * asks the server to take the snapshot. It asks over a Unix socket in the data directory, readable by the
 * data directory's owner only: whoever may use the socket could read the database's files anyway.
 */

// Unix socket paths are limited to about 100 bytes; a deep data directory falls back to the temp folder.
const MAX_SOCKET_PATH = 100;

export function locateControlSocket(dataDir: string): string {
  const inside = join(dataDir, 'backup.sock');
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  const digest = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return join(tmpdir(), `villa-backup-${digest}.sock`);
}

type Reply = { ok: true; path: string } | { ok: false; message: string };

/** Listens for backup requests; `takeBackup` answers each with the new file's path. */
export async function startBackupControl(options: {
  dataDir: string;
  takeBackup: () => Promise<string>;
}): Promise<{ close(): Promise<void> }> {
  const path = locateControlSocket(options.dataDir);
  // A socket left by a killed server: this process holds the data directory's lock, so it is not in use.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (!received.includes('\n')) {
        if (received.length > 1_000) socket.destroy();
        return;
      }
      const request = received.split('\n')[0]?.trim();
      const answer = (reply: Reply) => socket.end(`${JSON.stringify(reply)}\n`);
      if (request !== 'backup') {
        answer({ ok: false, message: `Unknown request "${request?.slice(0, 40) ?? ''}"` });
        return;
      }
      options.takeBackup().then(
        (file) => answer({ ok: true, path: file }),
        (error: unknown) =>
          answer({ ok: false, message: error instanceof Error ? error.message : String(error) }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

export class ControlSocketError extends Error {
  override name = 'ControlSocketError';
}

/** Asks the server running on `dataDir` for a backup; resolves with the path of the file it wrote. */
export function requestBackupFromServer(dataDir: string, timeoutMs = 10 * 60_000): Promise<string> {
  const path = locateControlSocket(dataDir);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new ControlSocketError('The running server did not finish the backup in time.'));
    });
    socket.on('connect', () => socket.write('backup\n'));
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new ControlSocketError(
          error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
            ? `A server is using ${dataDir} but does not answer backup requests at ${path} (a version without backups?). Stop it, then run the backup again.`
            : `Could not reach the running server at ${path}: ${error.message}`,
        ),
      ),
    );
    socket.on('end', () => {
      try {
        const reply = JSON.parse(received.trim()) as Reply;
        if (reply.ok) resolve(reply.path);
        else reject(new ControlSocketError(`The server could not take the backup: ${reply.message}`));
      } catch {
        reject(new ControlSocketError('The running server gave an unreadable answer.'));
      }
    });
  });
}
