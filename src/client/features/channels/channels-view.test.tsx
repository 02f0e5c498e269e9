import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelConnection, ChannelList, SyncConflict } from '@/domain/channel';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { Toaster } from '@/client/components/ui/sonner';
import { formatTimestampDate } from '@/client/lib/format';
import { ChannelsView } from './channels-view';

const property = { id: '00000000-0000-4000-8000-000000000001', name: 'Shanti Villa' } as Wire<Property>;
const HOUR = 3_600_000;
const MASKED_URL = 'http://127.0.0.1/ical/••••••.ics';
const PROPERTY_URL = 'http://127.0.0.1/ical/property-token-0000000000000.ics';

function makeConnection(overrides: Partial<ChannelConnection> = {}): ChannelConnection {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    property_id: property.id,
    channel: 'airbnb',
    name: null,
    import_url: 'https://www.airbnb.com/calendar/ical/1.ics?s=abc',
    export_url: MASKED_URL,
    export_url_masked: true,
    last_synced_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    last_attempt_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    last_error: null,
    last_error_code: null,
    last_result: { added: 2, moved: 0, cancelled: 0, blocked: 1, blocks_moved: 0, reopened: 0, conflicts: 0 },
    next_sync_at: new Date(Date.now() + 10 * 60_000).toISOString(),
    stale: false,
    needs_attention: false,
    stays_count: 2,
    blocks_count: 1,
    open_conflicts: 0,
    exported_at: null,
    export_reads: { reads: [], previous: [] },
    left_out: { total: 0, items: [] },
    empty_calendar_since: null,
    empty_calendar_reopens_at: null,
    created_at: new Date(Date.now() - 48 * HOUR).toISOString(),
    ...overrides,
  };
}

/** An open conflict of the connection over a stay, as the server lists it. */
function makeConflict(
  connection: ChannelConnection,
  values: Pick<SyncConflict, 'id' | 'message' | 'theirs' | 'ours'>,
): SyncConflict {
  return {
    property_id: property.id,
    property_name: property.name,
    connection_id: connection.id,
    channel: 'airbnb',
    connection_name: null,
    kind: 'stay_overlaps',
    status: 'open',
    maybe_echo: false,
    actions: ['accept_theirs', 'keep_ours'],
    holds_nights: true,
    note: null,
    created_at: '2026-11-20T00:00:00Z',
    resolved_at: null,
    ...values,
  };
}

/** The list as the server answers it: the property's address masked unless this answer made it. */
const list = (
  connections: ChannelConnection[],
  {
    made = false,
    reads = { reads: [], previous: [] },
  }: { made?: boolean; reads?: ChannelList['export_reads'] } = {},
): ChannelList => ({
  property_id: property.id,
  export_url: made ? PROPERTY_URL : MASKED_URL,
  export_url_masked: !made,
  export_reads: reads,
  sync_minutes: 15,
  stale_hours: 6,
  export_grace_days: 7,
  connections,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers the channel list and the conflicts; other calls go to `other`. */
function stubApi(answers: {
  channels: () => Response | Promise<Response>;
  conflicts?: SyncConflict[];
  other?: (url: string, init?: RequestInit) => Response;
}) {
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/channels') && (init?.method ?? 'GET') === 'GET') return answers.channels();
    if (url.startsWith('/api/sync-conflicts?')) return json(answers.conflicts ?? []);
    return answers.other?.(url, init) ?? json({ error: { message: 'unexpected' } }, 500);
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

function renderView() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <ChannelsView property={property} />
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the Channels view', () => {
  it('says it is loading, then offers to connect a first channel', async () => {
    let answer!: (response: Response) => void;
    stubApi({ channels: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderView();
    expect(screen.getByRole('status')).toHaveTextContent('Loading channels...');
    answer(json(list([])));
    expect(await screen.findByText('No channels connected yet')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Export address' })).toHaveValue(MASKED_URL);
  });

  it("shows the property's address with Copy when it was just made, and keeps it through a reload", async () => {
    let answers = 0;
    stubApi({
      // The reload after the rotation answers the masked form, and a new sync period to tell it by.
      channels: () => {
        answers += 1;
        return json({ ...list([], { made: answers === 1 }), sync_minutes: answers === 1 ? 15 : 30 });
      },
      other: (url) =>
        url.endsWith('/export-url')
          ? json({
              export_url: 'http://127.0.0.1/ical/rotated-token-000000000000.ics',
              channel_id: null,
              previous_valid_until: '2026-11-29T06:00:00.000Z',
            })
          : json({}, 404),
    });
    renderView();
    const field = await screen.findByRole('textbox', { name: 'Export address' });
    expect(field).toHaveValue(PROPERTY_URL);
    expect(field).toHaveAccessibleDescription(
      'Copy this address now: it is shown only once. Rotating gives a new one; the old one keeps working for 7 days.',
    );
    expect(screen.getByRole('button', { name: 'Copy Export address' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rotate Export address' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Make a new address? The current one keeps working for 7 days, then answers “not found”',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, make a new address' }));
    expect(await screen.findByText('New address made')).toBeInTheDocument();
    expect(screen.getByText(/which keeps working until Nov 29, 2026/)).toBeInTheDocument();
    // The list reloaded (masked now): the address just made still shows, to be copied.
    expect(await screen.findByText(/Each is synced every 30 minutes/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Export address' })).toHaveValue(
      'http://127.0.0.1/ical/rotated-token-000000000000.ics',
    );
    expect(screen.getByRole('button', { name: 'Copy Export address' })).toBeInTheDocument();
  });

  it('shows an address made before masked, without Copy, and says how to get a new one', async () => {
    stubApi({ channels: () => json(list([makeConnection()])) });
    renderView();
    const field = await screen.findByRole('textbox', { name: 'Export address' });
    expect(field).toHaveValue(MASKED_URL);
    expect(field).toHaveAccessibleDescription(
      'For safety an address is shown only once, when it is made. Rotate to get a new one; the old one keeps working for 7 days.',
    );
    expect(screen.getByRole('textbox', { name: 'Export address for Airbnb' })).toHaveValue(MASKED_URL);
    expect(screen.queryByRole('button', { name: /^Copy / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Rotate Export address for Airbnb' })).toBeInTheDocument();
  });

  it('says which channels read which address lately, and who still reads a replaced one', async () => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const replaced = {
      retired_at: ago(60 * 24),
      expires_at: new Date(Date.now() + 6 * 24 * HOUR).toISOString(),
    };
    stubApi({
      channels: () =>
        json(
          list(
            [
              makeConnection({
                export_reads: {
                  reads: [],
                  previous: [
                    {
                      ...replaced,
                      reads: [{ reader: 'airbnb', user_agent: 'Airbnb/1', last_read_at: ago(30) }],
                    },
                  ],
                },
              }),
            ],
            {
              reads: {
                reads: [
                  { reader: 'google', user_agent: 'Google-Calendar-Importer', last_read_at: ago(5) },
                  { reader: 'booking_com', user_agent: 'Booking.com', last_read_at: ago(3 * 60) },
                ],
                previous: [{ ...replaced, reads: [] }],
              },
            },
          ),
        ),
    });
    renderView();
    await screen.findByRole('textbox', { name: 'Export address' });
    const [property, connection] = document.querySelectorAll('[data-export-reads]');
    expect(property).toHaveTextContent(
      'Read lately: Google Calendar 5 minutes ago · Booking.com 3 hours ago' +
        `The replaced address works until ${formatTimestampDate(replaced.expires_at)}: no channel has read it since it was replaced.`,
    );
    // The connection's address opens by itself: Airbnb still reads the replaced one.
    expect(connection).toBeVisible();
    expect(connection).toHaveTextContent(
      'Read lately: by no channel yet' +
        `The replaced address works until ${formatTimestampDate(replaced.expires_at)}: still read by Airbnb 30 minutes ago. Give it the new address.`,
    );
    expect(
      screen.getByText(/Address to give Airbnb \(leaves out its own stays\) · not read yet/),
    ).toBeInTheDocument();
  });

  it("opens a new connection's own address, with Copy, right after connecting it", async () => {
    const created = makeConnection({
      export_url: 'http://127.0.0.1/ical/new-connection-token-0000000.ics',
      export_url_masked: false,
      last_synced_at: null,
      last_result: null,
    });
    let connected = false;
    stubApi({
      channels: () =>
        json(list(connected ? [{ ...created, export_url: MASKED_URL, export_url_masked: true }] : [])),
      other: (url, init) => {
        if (url.endsWith('/channels') && init?.method === 'POST') {
          connected = true;
          return json(created, 201);
        }
        return json({}, 404);
      },
    });
    renderView();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Connect a channel' }))[0]!);
    const dialog = screen.getByRole('dialog');
    await user.type(
      within(dialog).getByLabelText(/Calendar address/),
      'https://www.airbnb.com/calendar/ical/1.ics',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    const card = await screen.findByRole('listitem', { name: /^Airbnb/ });
    const field = within(card).getByRole('textbox', { name: 'Export address for Airbnb' });
    expect(field).toHaveValue(created.export_url);
    expect(field).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Copy Export address for Airbnb' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry that recovers', async () => {
    let fail = true;
    stubApi({ channels: () => (fail ? json({ error: { message: 'down' } }, 503) : json(list([]))) });
    renderView();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The channels could not be loaded.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No channels connected yet')).toBeInTheDocument();
  });

  it("shows each connection's health: last sync, what it brought, the last error and a stale warning", async () => {
    stubApi({
      channels: () =>
        json(
          list([
            makeConnection(),
            makeConnection({
              id: '00000000-0000-4000-8000-0000000000a2',
              channel: 'booking_com',
              name: 'Booking.com rooms',
              last_synced_at: new Date(Date.now() - 9 * HOUR).toISOString(),
              last_error: 'Booking.com answered with an error (HTTP 500); it will be tried again',
              stale: true,
              stays_count: 0,
              blocks_count: 3,
            }),
          ]),
        ),
    });
    renderView();
    const healthy = await screen.findByRole('listitem', { name: /^Airbnb/ });
    expect(within(healthy).getByText('Synced')).toBeInTheDocument();
    expect(within(healthy).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(healthy).getByText('2 stays, 1 closed range')).toBeInTheDocument();
    expect(
      within(healthy).getByText(/Last sync: 2 added, 0 moved, 0 cancelled, 1 blocked/),
    ).toBeInTheDocument();

    const stale = screen.getByRole('listitem', { name: /^Booking\.com rooms/ });
    expect(within(stale).getByText('Stale')).toBeInTheDocument();
    expect(within(stale).getByRole('alert')).toHaveTextContent(
      /No successful sync for more than 6 hours \(last 9 hours ago\)\. Stays booked on Booking\.com rooms since then are missing here/,
    );
    expect(within(stale).getByText(/answered with an error \(HTTP 500\)/)).toBeInTheDocument();
  });

  it('syncs on demand and tells what changed', async () => {
    const connection = makeConnection();
    stubApi({
      channels: () => json(list([connection])),
      other: (url) =>
        url.endsWith('/sync')
          ? json({
              outcome: 'synced',
              error: null,
              counts: {
                added: 1,
                moved: 1,
                cancelled: 1,
                blocked: 0,
                blocks_moved: 0,
                reopened: 2,
                conflicts: 1,
              },
              conflicts: [],
              connection,
            })
          : json({}, 404),
    });
    renderView();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync now: Airbnb' }));
    expect(await screen.findByText('Airbnb synced')).toBeInTheDocument();
    expect(
      await screen.findAllByText(/1 added, 1 moved, 1 cancelled, 0 blocked, 2 reopened, 1 conflict/),
    ).not.toHaveLength(0);
  });

  it("says while a channel's empty calendar waits to be confirmed, on the card and after Sync now", async () => {
    const waiting = makeConnection({
      channel: 'booking_com',
      stays_count: 0,
      blocks_count: 2,
      needs_attention: true,
      empty_calendar_since: new Date(Date.now() - 3 * 60_000).toISOString(),
      empty_calendar_reopens_at: new Date(Date.now() + 7 * 60_000).toISOString(),
    });
    const message =
      /^Booking\.com sent an empty calendar; its nights reopen if it is still empty at \d{2}:\d{2}\.$/;
    stubApi({
      channels: () => json(list([waiting])),
      other: (url) =>
        url.endsWith('/sync')
          ? json({
              outcome: 'synced',
              error: null,
              counts: { ...waiting.last_result!, added: 0, blocked: 0 },
              conflicts: [],
              connection: waiting,
            })
          : json({}, 404),
    });
    renderView();
    const card = await screen.findByRole('listitem', { name: /^Booking\.com/ });
    expect(within(card).getByTestId('empty-calendar')).toHaveTextContent(message);
    expect(within(card).getByTestId('brought')).toHaveTextContent('0 stays, 2 closed ranges');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Sync now: Booking.com' }));
    expect(await screen.findByText('Booking.com: empty calendar')).toBeInTheDocument();
    expect(screen.queryByText('Booking.com synced')).not.toBeInTheDocument();
  });

  it('asks before removing, saying its stays are kept', async () => {
    const fetchSpy = stubApi({
      channels: () => json(list([makeConnection()])),
      other: () => json({ deleted: true, kept_stays: 2 }),
    });
    renderView();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Airbnb' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Remove Airbnb? Nothing is cancelled: its 2 stays to come stay as bookings here until you decide about them.',
    );
    expect(fetchSpy).not.toHaveBeenCalledWith(expect.stringContaining('/api/channels/'), expect.anything());
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText(/2 imported stays kept as bookings/)).toBeInTheDocument();
  });

  it('keeps what was typed when the server refuses a new connection', async () => {
    stubApi({
      channels: () => json(list([])),
      other: () =>
        json(
          {
            error: {
              message:
                '10.0.0.1 is a private or local network address; use the calendar address the channel gives you',
            },
          },
          400,
        ),
    });
    renderView();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Connect a channel' }))[0]!);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(
      await within(dialog).findByText("Enter the calendar's export address (an http or https URL)"),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Calendar address/), 'http://10.0.0.1/cal.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '10.0.0.1 is a private or local network address',
    );
    expect(within(dialog).getByLabelText(/Calendar address/)).toHaveValue('http://10.0.0.1/cal.ics');
  });

  it("shows a conflict's two sides and asks before cancelling ours", async () => {
    const connection = makeConnection({ open_conflicts: 1 });
    const conflict = makeConflict(connection, {
      id: '00000000-0000-4000-8000-0000000000c1',
      message:
        'Airbnb has a stay from 2026-12-03 to 2026-12-06 (HMABCD1234) that overlaps a booking here, so it was not imported.',
      theirs: {
        uid: 'x@airbnb.com',
        kind: 'stay',
        check_in: '2026-12-03',
        check_out: '2026-12-06',
        summary: 'Reserved',
        external_booking_id: 'HMABCD1234',
      },
      ours: [
        {
          id: '00000000-0000-4000-8000-0000000000b1',
          guest_name: 'Asha Rao',
          check_in: '2026-12-04',
          check_out: '2026-12-08',
          status: 'confirmed',
          booking_source: 'direct',
          created_at: '2026-11-01T00:00:00Z',
        },
      ],
    });
    const fetchSpy = stubApi({
      channels: () => json(list([connection])),
      conflicts: [conflict],
      other: () => json({ ...conflict, status: 'accepted', actions: [] }),
    });
    renderView();
    const region = await screen.findByRole('region', { name: 'Conflicts of Airbnb' });
    expect(within(region).getByText('Code HMABCD1234')).toBeInTheDocument();
    expect(within(region).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(region).getByText(/Dec 4, 2026 – Dec 8, 2026/)).toBeInTheDocument();
    expect(
      within(region).getByText(
        'Until you decide, these nights are closed on the website and on your other channels.',
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    // Keeping ours asks why first, and sends nothing without a reason.
    await user.click(within(region).getByRole('button', { name: 'Keep ours and dismiss' }));
    const why = within(region).getByRole('form', { name: 'Keep ours and dismiss: why?' });
    await user.click(within(why).getByRole('button', { name: 'Keep ours and dismiss' }));
    expect(await within(why).findByText('Reason is required')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalledWith(expect.stringContaining('/resolve'), expect.anything());
    await user.click(within(why).getByRole('button', { name: 'Not now' }));
    await user.click(within(region).getByRole('button', { name: 'Cancel ours and accept theirs' }));
    expect(
      within(region).getByText('Cancel the booking(s) below and import the channel’s stay?'),
    ).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalledWith(expect.stringContaining('/resolve'), expect.anything());
    await user.click(within(region).getByRole('button', { name: 'Yes, cancel ours and accept theirs' }));
    expect(await screen.findByText('Conflict settled')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledWith(
      `/api/sync-conflicts/${conflict.id}/resolve`,
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ action: 'accept_theirs' }) }),
    );
  });

  it('keeps ours over a conflict with the reason the operator gives', async () => {
    const connection = makeConnection({ open_conflicts: 1 });
    const conflict = makeConflict(connection, {
      id: '00000000-0000-4000-8000-0000000000c2',
      message: 'Airbnb has a stay that overlaps a booking here, so it was not imported.',
      theirs: {
        uid: 'y@airbnb.com',
        kind: 'stay',
        check_in: '2026-12-16',
        check_out: '2026-12-19',
        summary: 'Reserved',
        external_booking_id: 'HMWXYZ0001',
      },
      ours: [],
    });
    const fetchSpy = stubApi({
      channels: () => json(list([connection])),
      conflicts: [conflict],
      other: () =>
        json({ ...conflict, status: 'dismissed', actions: ['accept_theirs'], holds_nights: false }),
    });
    renderView();
    const region = await screen.findByRole('region', { name: 'Conflicts of Airbnb' });
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Keep ours and dismiss' }));
    const why = within(region).getByRole('form', { name: 'Keep ours and dismiss: why?' });
    await user.type(within(why).getByLabelText(/Why\?/), 'Guest cancelled on Airbnb');
    await user.click(within(why).getByRole('button', { name: 'Keep ours and dismiss' }));
    await waitFor(() =>
      expect(fetchSpy).toHaveBeenCalledWith(
        `/api/sync-conflicts/${conflict.id}/resolve`,
        expect.objectContaining({
          method: 'POST',
          body: JSON.stringify({ action: 'keep_ours', note: 'Guest cancelled on Airbnb' }),
        }),
      ),
    );
  });

  it('says how many items the last sync left out, and lists them when opened', async () => {
    stubApi({
      channels: () =>
        json(
          list([
            makeConnection({
              left_out: {
                total: 52,
                items: [
                  {
                    uid: 'bad-rule@example.com',
                    check_in: '2026-12-05',
                    check_out: '2026-12-06',
                    reason: 'unreadable_rule',
                    message: 'Its repeat rule could not be read',
                  },
                  {
                    uid: null,
                    check_in: '2026-13-40',
                    check_out: null,
                    reason: 'unreadable_event',
                    message: 'The event could not be read',
                  },
                ],
              },
            }),
            makeConnection({ id: '00000000-0000-4000-8000-0000000000a2', name: 'Quiet calendar' }),
          ]),
        ),
    });
    renderView();
    const card = await screen.findByRole('listitem', { name: /^Airbnb/ });
    const summary = within(card).getByText('52 items left out by the last sync');
    expect(within(card).getByText('Its repeat rule could not be read')).not.toBeVisible();
    await userEvent.setup().click(summary);
    expect(within(card).getByText('Its repeat rule could not be read')).toBeVisible();
    expect(within(card).getByText('Dec 5, 2026 – Dec 6, 2026')).toBeInTheDocument();
    expect(within(card).getByText('UID bad-rule@example.com')).toBeInTheDocument();
    // A date that is no date is shown as the channel wrote it.
    expect(within(card).getByText('From 2026-13-40')).toBeInTheDocument();
    expect(within(card).getByText('…and 50 more items.')).toBeInTheDocument();

    const quiet = screen.getByRole('listitem', { name: /^Quiet calendar/ });
    expect(within(quiet).queryByTestId('left-out')).not.toBeInTheDocument();
  });
});
