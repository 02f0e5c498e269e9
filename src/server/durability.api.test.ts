import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBookingReference } from '../domain/booking';
import { BOOKING_PAGE_SIZE } from '../domain/booking-list';
import { addDaysToDate } from '../domain/dates';
import { createPlaceholderBuild, readResponseCookies, spawnServer } from './test/spawn-server';

const OPERATOR = { email: 'owner@example.com', password: 'durability-password' };

/** Kills the embedded-database server with SIGKILL in the middle of writes: every acknowledged booking must survive. */
describe('a server killed during writes', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'villa-kill-'));
    const buildDir = createPlaceholderBuild(dir);
    env = {
      DATA_DIR: join(dir, 'data'),
      BUILD_DIR: buildDir,
      DATABASE_URL: '',
      OPERATOR_EMAIL: OPERATOR.email,
      OPERATOR_PASSWORD: OPERATOR.password,
      BOOKING_REQUESTS_PER_HOUR: '100000',
      REQUEST_PENDING_PER_NETWORK: '100000',
      REQUEST_PENDING_PER_EMAIL: '100000',
      REQUEST_PENDING_NIGHTS_MAX: '10000000',
      LOG_LEVEL: 'warn',
    };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loses no acknowledged booking request', async () => {
    const server = await spawnServer(env);
    const availability = (await (await fetch(`${server.baseUrl}/api/availability`)).json()) as {
      today: string;
      property: { id: string };
    };
    const acknowledged: string[] = [];
    let stop = false;
    // Four writers, each asking for its own one-night stays far ahead (no overlaps), until the kill.
    const writer = async (lane: number) => {
      for (let index = 0; !stop; index += 1) {
        const checkIn = addDaysToDate(availability.today, 100 + lane * 100 + index);
        const response = await fetch(`${server.baseUrl}/api/booking-requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            check_in: checkIn,
            check_out: addDaysToDate(checkIn, 1),
            guests_count: 1,
            guest_name: `Writer ${lane}-${index}`,
            guest_email: 'writer@example.com',
          }),
        }).catch(() => undefined);
        if (response?.status === 201)
          acknowledged.push(((await response.json()) as { reference: string }).reference);
        if (index >= 90) break;
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(5);

    const restarted = await spawnServer(env);
    const signIn = await fetch(`${restarted.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    });
    const cookie = readResponseCookies(signIn);
    // The list is paged: read every page so the check covers all stored requests.
    const bookings: { id: string }[] = [];
    for (let offset = 0; ; offset += BOOKING_PAGE_SIZE.max) {
      const page = (await (
        await fetch(
          `${restarted.baseUrl}/api/properties/${availability.property.id}/bookings?limit=${BOOKING_PAGE_SIZE.max}&offset=${offset}`,
          { headers: { cookie } },
        )
      ).json()) as { id: string }[];
      bookings.push(...page);
      if (page.length < BOOKING_PAGE_SIZE.max) break;
    }
    const stored = new Set(bookings.map((booking) => formatBookingReference(booking.id)));
    expect(acknowledged.filter((reference) => !stored.has(reference))).toEqual([]);
    console.log(
      `SIGKILL during writes: ${acknowledged.length} acknowledged booking requests, all ${acknowledged.length} found after restart`,
    );
    await restarted.stop();
  });
});
