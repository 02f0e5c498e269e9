import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Backup, BackupList } from '@/domain/backup';
import { Toaster } from '@/client/components/ui/sonner';
import { BackupsView } from './backups-view';

const FOLDER = '/srv/villa/data/backups';
const daily: Backup = {
  name: 'villa-backup-20261201T213000000Z-daily.pglite.tar.gz',
  bytes: 5_034_291,
  created_at: '2026-12-01T21:30:00.000Z',
  kind: 'daily',
};
const manual: Backup = {
  name: 'villa-backup-20261202T093000000Z-manual.pglite.tar.gz',
  bytes: 812,
  created_at: '2026-12-02T09:30:00.000Z',
  kind: 'manual',
};

const list = (backups: Backup[], extra: Partial<BackupList> = {}): BackupList => ({
  backups,
  running: null,
  last_failure: null,
  folder: FOLDER,
  restore_command: 'DATA_DIR=./data-restored npm run restore <file>',
  ...extra,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

function renderView() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <BackupsView />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the Backups view', () => {
  it('says it is loading, then lists each backup with its villa time, size, kind and download link', async () => {
    let answer!: (response: Response) => void;
    stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderView();
    expect(screen.getByRole('status', { name: 'Loading backups' })).toBeInTheDocument();
    answer(json(list([manual, daily])));
    const items = within(await screen.findByRole('list', { name: 'Backups' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // 21:30 UTC is 03:00 the next day at the villa; sizes in people's units.
    expect(items[1]).toHaveTextContent('Wed, 2 Dec 2026, 03:00');
    expect(items[1]).toHaveTextContent('4.8 MB');
    expect(items[1]).toHaveTextContent('Daily');
    expect(items[0]).toHaveTextContent('Wed, 2 Dec 2026, 15:00');
    expect(items[0]).toHaveTextContent('812 B');
    expect(items[0]).toHaveTextContent('Made by you');
    const link = within(items[0]!).getByRole('link', {
      name: 'Download the backup of Wed, 2 Dec 2026, 15:00',
    });
    expect(link).toHaveAttribute('href', `/api/backups/${manual.name}`);
    // Restoring is a command, shown with the newest backup's path.
    expect(
      screen.getByText(`DATA_DIR=./data-restored npm run restore ${FOLDER}/${manual.name}`),
    ).toBeInTheDocument();
  });

  it('says when there are none yet, and offers a retry when the list cannot be loaded', async () => {
    stubApi(() => json(list([])));
    const { unmount } = renderView();
    expect(await screen.findByText(/No backups yet/)).toBeInTheDocument();
    unmount();
    let calls = 0;
    stubApi(() => ((calls += 1) === 1 ? json({ error: { message: 'down' } }, 500) : json(list([daily]))));
    renderView();
    expect(await screen.findByText('The backups could not be loaded.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Backups' })).toBeInTheDocument();
  });

  it('makes a backup now: shows its progress, then the new file in the list', async () => {
    let state: 'idle' | 'running' | 'done' = 'idle';
    let listReadsWhileRunning = 0;
    const fetchSpy = stubApi((url, init) => {
      if (url === '/api/backups' && init?.method === 'POST') {
        state = 'running';
        return json({ running: { started_at: '2026-12-02T09:29:58.000Z', kind: 'manual' } }, 202);
      }
      if (state === 'running' && (listReadsWhileRunning += 1) > 2) state = 'done';
      if (state === 'running')
        return json(list([daily], { running: { started_at: '2026-12-02T09:29:58.000Z', kind: 'manual' } }));
      return json(list(state === 'done' ? [manual, daily] : [daily]));
    });
    renderView();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make a backup now' }));
    expect(fetchSpy).toHaveBeenCalledWith('/api/backups', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByRole('button', { name: 'Making a backup…' })).toBeDisabled();
    expect(
      await screen.findByText(/A backup is being made \(started 14:59 villa time\)/),
    ).toBeInTheDocument();
    await waitFor(
      () =>
        expect(within(screen.getByRole('list', { name: 'Backups' })).getAllByRole('listitem')).toHaveLength(
          2,
        ),
      { timeout: 5_000 },
    );
    expect(await screen.findByText('Backup made')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a backup now' })).toBeEnabled();
  });

  it('shows why the last backup failed', async () => {
    stubApi(() =>
      json(
        list([daily], { last_failure: { at: '2026-12-02T09:00:00.000Z', message: 'pg_dump was not found' } }),
      ),
    );
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('pg_dump was not found');
  });
});
