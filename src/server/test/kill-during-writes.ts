import { formatBookingReference } from '../../domain/booking';
import { BOOKING_PAGE_SIZE } from '../../domain/booking-list';
import { addDaysToDate } from '../../domain/dates';
import { readResponseCookies, spawnServer } from './spawn-server';

const OPERATOR = { email: 'owner@example.com', password: 'durability-password' };
const WRITERS = 4;
const WRITER_EMAIL = 'writer@example.com';

export type KillRoundsResult = {
  kills: number;
  acknowledged: number;
  lost: string[];
  restartMs: number[];
  /** Answers other than 201, by status: a season's or a sample stay's nights are refused, which is fine. */
  refused: Record<number, number>;
};

/**
 * Starts the server, lets four writers send guest requests for their own nights, kills the server with
 * SIGKILL mid-write and restarts it without help, `kills` times. After each restart it reads every stored
 * request and records the acknowledged ones that are missing (there must be none), then declines the
 * writers' pending requests in one action so their nights are free for the next round. `env` chooses the
 * database: a DATA_DIR for the embedded one, a DATABASE_URL for PostgreSQL.
 */
export async function killDuringWrites(
  env: Record<string, string>,
  options: { kills: number; onRound?: (round: number, acknowledged: number, restartMs: number) => void },
): Promise<KillRoundsResult> {
  const serverEnv = {
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    BOOKING_REQUESTS_PER_HOUR: '100000',
    REQUEST_PENDING_PER_NETWORK: '100000',
    REQUEST_PENDING_PER_EMAIL: '100000',
    REQUEST_PENDING_NIGHTS_MAX: '10000000',
    LOG_LEVEL: 'warn',
    ...env,
  };
  let server = await spawnServer(serverEnv);
  const availability = (await (await fetch(`${server.baseUrl}/api/availability`)).json()) as {
    today: string;
    property: { id: string };
  };
  const signIn = await fetch(`${server.baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  if (signIn.status !== 200) throw new Error(`Signing in answered ${signIn.status}`);
  const cookie = readResponseCookies(signIn);
  const acknowledged: string[] = [];
  const lost = new Set<string>();
  const restartMs: number[] = [];
  const refused: Record<number, number> = {};

  const readWritersBookings = async () => {
    const stored = new Map<string, { id: string; status: string }>();
    for (let offset = 0; ; offset += BOOKING_PAGE_SIZE.max) {
      const response = await fetch(
        `${server.baseUrl}/api/properties/${availability.property.id}/bookings?q=${WRITER_EMAIL}&limit=${BOOKING_PAGE_SIZE.max}&offset=${offset}`,
        { headers: { cookie } },
      );
      if (!response.ok) throw new Error(`Reading bookings answered ${response.status}`);
      const page = (await response.json()) as { id: string; status: string }[];
      for (const booking of page) stored.set(formatBookingReference(booking.id), booking);
      if (page.length < BOOKING_PAGE_SIZE.max) return stored;
    }
  };

  try {
    for (let round = 0; round < options.kills; round += 1) {
      let stop = false;
      const baseUrl = server.baseUrl;
      // Each writer walks forward through its own nights (every fourth one), so no two requests overlap;
      // nights a season or a sample stay refuses are simply not acknowledged.
      const writer = async (lane: number) => {
        for (let index = 0; !stop && index < 130; index += 1) {
          const checkIn = addDaysToDate(availability.today, 3 + lane + index * WRITERS);
          const response = await fetch(`${baseUrl}/api/booking-requests`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              check_in: checkIn,
              check_out: addDaysToDate(checkIn, 1),
              guests_count: 1,
              guest_name: `Writer ${lane}-${index}`,
              guest_email: WRITER_EMAIL,
            }),
          }).catch(() => undefined);
          if (!response) return;
          if (response.status === 201) {
            const body = (await response.json().catch(() => undefined)) as { reference: string } | undefined;
            if (body) acknowledged.push(body.reference);
          } else refused[response.status] = (refused[response.status] ?? 0) + 1;
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, lane) => writer(lane));
      // A different moment in each round, so the kill lands at different points of a write.
      await new Promise((resolve) => setTimeout(resolve, 1_200 + ((round * 379) % 1_000)));
      await server.stop('SIGKILL');
      stop = true;
      await Promise.all(writers);
      server = await spawnServer(serverEnv);
      restartMs.push(server.readyMs);

      const stored = await readWritersBookings();
      for (const reference of acknowledged) if (!stored.has(reference)) lost.add(reference);
      const pending = [...stored.values()].find((booking) => booking.status === 'pending');
      if (pending) {
        const declined = await fetch(`${server.baseUrl}/api/bookings/${pending.id}/decline-similar`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ by: 'email' }),
        });
        if (!declined.ok) throw new Error(`Declining the writers' requests answered ${declined.status}`);
      }
      options.onRound?.(round + 1, acknowledged.length, server.readyMs);
    }
    return { kills: options.kills, acknowledged: acknowledged.length, lost: [...lost], restartMs, refused };
  } finally {
    await server.stop();
  }
}
