import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/domain/booking';
import type { ChannelList } from '../../src/domain/channel';
import { addDaysToDate } from '../../src/domain/dates';
import type { Property } from '../../src/domain/property';
import { startFeedServer, type FeedServer } from '../../src/server/channels/test/feed-server';
import { airbnbUid, writeAirbnbFeed } from '../../src/server/channels/test/fixtures';
import { DESKTOP, findAccessibilityViolations, launchBrowser, PHONE } from './support/browser';
import { getJson, gotoManagement, openSignedInPage, toastRegion, uniqueName } from './manage-helpers';

async function createProperty(page: Page) {
  const response = await page.request.post('/api/properties', {
    data: { name: uniqueName('Channel Villa'), address: '1 Fort Road', city: 'Pune', country: 'India' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Property;
}

async function listBookings(page: Page, propertyId: string) {
  return getJson<Booking[]>(page, `/api/properties/${propertyId}/bookings`);
}

/** The connection's card in the Channels view. */
const connectionCard = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Connections' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: new RegExp(`^${name}`) }),
    });

async function syncNow(page: Page, name: string) {
  const card = connectionCard(page, name);
  await card.getByRole('button', { name: `Sync now: ${name}` }).click();
  await card
    .getByRole('button', { name: `Sync now: ${name}` })
    .getByText('Sync now')
    .waitFor();
  return card;
}

describe('management area: channels', () => {
  let browser: Browser;
  let feeds: FeedServer;
  let today: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    feeds = await startFeedServer();
    const { page, context } = await openSignedInPage(browser);
    ({ today } = await getJson<{ today: string }>(page, '/api/availability'));
    await context.close();
  });
  afterAll(async () => {
    await feeds?.close();
    await browser?.close();
  });

  it('connects an Airbnb calendar, imports, cancels and settles a conflict, and copies and rotates the export address', async () => {
    const { page, context, pageErrors } = await openSignedInPage(browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const property = await createProperty(page);
    const name = 'Airbnb whole villa';
    const stay = {
      uid: airbnbUid('e2e-1'),
      check_in: addDaysToDate(today, 10),
      check_out: addDaysToDate(today, 13),
      code: 'HMEEEE0001',
    };
    // Nights the host closed on Airbnb: they close here too, as unavailable, with the channel named.
    const block = {
      uid: airbnbUid('e2e-block'),
      start: addDaysToDate(today, 40),
      end: addDaysToDate(today, 42),
    };
    const feedPath = `/airbnb-${property.id}.ics`;
    feeds.set(feedPath, {
      kind: 'calendar',
      body: writeAirbnbFeed({ reservations: [stay], blocks: [block] }),
    });

    // Empty state, with the property's export address made by this first visit: shown in full this once,
    // with Copy, and the server reads it.
    await gotoManagement(page, `?property=${property.id}&view=channels`);
    await page.getByRole('heading', { name: 'Channels', exact: true }).waitFor();
    await page.getByText('No channels connected yet').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    const exportField = page.getByRole('textbox', { name: 'Export address', exact: true });
    const firstUrl = await exportField.inputValue();
    expect(firstUrl).toMatch(/\/ical\/[A-Za-z0-9_-]{32}\.ics$/);
    await page.getByText('Copy this address now: it is shown only once.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Copy Export address', exact: true }).click();
    await toastRegion(page).getByText('Address copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
    const exported = await page.request.get(firstUrl);
    expect(exported.status()).toBe(200);
    expect(exported.headers()['content-type']).toMatch(/^text\/calendar/);

    // Then the form: a bad address is refused with what was typed kept.
    await page.getByRole('button', { name: 'Connect a channel' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connect a channel' });
    await dialog.getByLabel('Channel').selectOption('airbnb');
    await dialog.getByLabel(/Calendar address/).fill('ftp://example.com/cal.ics');
    await dialog.getByLabel(/Name/).fill(name);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.getByText('The calendar address must start with http:// or https://').waitFor();
    expect(await dialog.getByLabel(/Name/).inputValue()).toBe(name);
    await dialog.getByLabel(/Calendar address/).fill(feeds.url(feedPath));
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await toastRegion(page).getByText('Channel connected').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The connection's own address, open in its card this once, and read by the server.
    const connectionField = page.getByRole('textbox', { name: `Export address for ${name}` });
    await connectionField.waitFor();
    const connectionUrl = await connectionField.inputValue();
    expect(connectionUrl).toMatch(/\/ical\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await page.request.get(connectionUrl)).status()).toBe(200);

    // Sync now: the stay comes in (the scheduler may have taken it first: then this run adds nothing).
    let card = await syncNow(page, name);
    await toastRegion(page).getByText(`${name} synced`).first().waitFor();
    await card.getByTestId('brought').getByText('1 stay, 1 closed range').waitFor();
    await card.getByText('Synced', { exact: true }).waitFor();
    await card
      .getByText(/Last sync: \d+ added, 0 moved, 0 cancelled, \d+ blocked, 0 reopened, 0 conflicts\./)
      .waitFor();
    const imported = (await listBookings(page, property.id)).find((b) => b.external_booking_id === stay.code);
    expect(imported).toMatchObject({ status: 'confirmed', booking_source: 'airbnb', amount_known: false });

    // In the calendar: the nights are booked and the stay carries the Airbnb badge.
    await gotoManagement(page, `?property=${property.id}&view=calendar&month=${stay.check_in.slice(0, 7)}`);
    await page
      .locator(`[data-date="${stay.check_in}"][data-status="booked"][data-source="airbnb"]`)
      .getByText('(Airbnb)', { exact: false })
      .waitFor({ state: 'attached' });
    const recent = page.getByRole('region', { name: 'Recent bookings' });
    const recentStay = recent.locator(`li[data-booking-id="${imported!.id}"]`);
    await recentStay.locator('[data-source="airbnb"]').getByText('Airbnb').waitFor();

    await gotoManagement(page, `?property=${property.id}&view=calendar&month=${block.start.slice(0, 7)}`);
    await page
      .locator(`[data-date="${block.start}"][data-status="unavailable"]`)
      .getByText('closed by Airbnb', { exact: false })
      .waitFor({ state: 'attached' });

    // In the bookings list: the badge, the reservation code, and an unknown amount.
    await gotoManagement(page, `?property=${property.id}&view=bookings`);
    const bookingCard = page.locator(`li[data-booking-id="${imported!.id}"]`);
    await bookingCard.locator('[data-source="airbnb"]').waitFor();
    await bookingCard.getByText(`ID: ${stay.code}`).waitFor();
    // A feed gives no price: the amount is said to be not given, in the property's currency.
    await bookingCard.getByText(/^not given by the channel/).waitFor();

    // The feed drops the stay: the next sync cancels it.
    feeds.set(feedPath, { kind: 'calendar', body: writeAirbnbFeed({ reservations: [], blocks: [block] }) });
    await gotoManagement(page, `?property=${property.id}&view=channels`);
    card = await syncNow(page, name);
    await card
      .getByText('Last sync: 0 added, 0 moved, 1 cancelled, 0 blocked, 0 reopened, 0 conflicts.')
      .waitFor();
    await card.getByTestId('brought').getByText('0 stays, 1 closed range').waitFor();
    expect((await listBookings(page, property.id)).find((b) => b.id === imported!.id)?.status).toBe(
      'cancelled',
    );
    await gotoManagement(page, `?property=${property.id}&view=bookings`);
    await bookingCard.locator('[data-status="cancelled"]').waitFor();

    // A stay that overlaps a direct booking becomes a conflict; the operator takes theirs.
    const direct = await page.request.post(`/api/properties/${property.id}/bookings`, {
      data: {
        guest_name: 'Direct Guest',
        guest_email: 'direct@example.com',
        guests_count: 2,
        check_in: addDaysToDate(today, 20),
        check_out: addDaysToDate(today, 23),
      },
    });
    expect(direct.status()).toBe(201);
    const theirs = {
      uid: airbnbUid('e2e-2'),
      check_in: addDaysToDate(today, 21),
      check_out: addDaysToDate(today, 24),
      code: 'HMEEEE0002',
    };
    feeds.set(feedPath, {
      kind: 'calendar',
      body: writeAirbnbFeed({ reservations: [theirs], blocks: [block] }),
    });
    await gotoManagement(page, `?property=${property.id}&view=channels`);
    card = await syncNow(page, name);
    await card.getByText(/Last sync: 0 added, .* 1 conflict\./).waitFor();
    const conflicts = card.getByRole('region', { name: `Conflicts of ${name}` });
    await conflicts.getByText(/overlaps a booking here, so it was not imported/).waitFor();
    await conflicts.getByText('Direct Guest').waitFor();
    await conflicts.getByText(`Code ${theirs.code}`).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await conflicts.getByRole('button', { name: 'Cancel ours and accept theirs' }).click();
    await conflicts.getByRole('button', { name: 'Yes, cancel ours and accept theirs' }).click();
    await toastRegion(page).getByText('Conflict settled').waitFor();
    await conflicts.waitFor({ state: 'detached' });
    await card.getByTestId('brought').getByText('1 stay, 1 closed range').waitFor();
    const after = await listBookings(page, property.id);
    expect(after.find((b) => b.guest_name === 'Direct Guest')?.status).toBe('cancelled');
    expect(after.find((b) => b.external_booking_id === theirs.code)?.status).toBe('confirmed');

    // Made on an earlier visit, the export address is masked now (the server keeps only its hash), with
    // no Copy; rotating gives a new one, shown in full with Copy, and the old one still answers for 7 days.
    const listed = await getJson<ChannelList>(page, `/api/properties/${property.id}/channels`);
    expect(listed.export_url_masked).toBe(true);
    expect(await exportField.inputValue()).toBe(listed.export_url);
    expect(listed.export_url).toMatch(/\/ical\/•+\.ics$/);
    expect(await page.getByRole('button', { name: 'Copy Export address', exact: true }).count()).toBe(0);
    await page.getByText('For safety an address is shown only once', { exact: false }).first().waitFor();
    expect((await page.request.get(firstUrl)).status()).toBe(200);
    await page.getByRole('button', { name: 'Rotate Export address', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, make a new address' }).click();
    await toastRegion(page).getByText('New address made').waitFor();
    await expect.poll(() => exportField.inputValue()).toMatch(/\/ical\/[A-Za-z0-9_-]{32}\.ics$/);
    const newUrl = await exportField.inputValue();
    expect(newUrl).not.toBe(firstUrl);
    await page.getByRole('button', { name: 'Copy Export address', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(newUrl);
    expect(await findAccessibilityViolations(page)).toEqual([]);
    // The replaced address keeps answering for its grace (7 days), so channels reading it are not cut off.
    expect((await page.request.get(firstUrl)).status()).toBe(200);
    expect((await page.request.get(newUrl)).status()).toBe(200);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows a failing connection on the dashboard, leads to it, and removes it keeping its stays', async () => {
    const { page, context, pageErrors } = await openSignedInPage(browser, PHONE);
    const property = await createProperty(page);
    const feedPath = `/broken-${property.id}.ics`;
    const stay = {
      uid: airbnbUid('e2e-3'),
      check_in: addDaysToDate(today, 30),
      check_out: addDaysToDate(today, 32),
      code: 'HMEEEE0003',
    };
    feeds.set(feedPath, { kind: 'calendar', body: writeAirbnbFeed({ reservations: [stay] }) });
    const created = await page.request.post(`/api/properties/${property.id}/channels`, {
      data: { channel: 'airbnb', import_url: feeds.url(feedPath) },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/channels/${id}/sync`)).status()).toBe(200);

    // An event the channel wrote wrong is left out, and the card says so; the rest is imported.
    const broken = [
      'BEGIN:VEVENT',
      'UID:broken-e2e@airbnb.com',
      `DTSTART;VALUE=DATE:${addDaysToDate(today, 40).replace(/-/g, '')}`,
      'RRULE:FREQ=SOMETIMES',
      'SUMMARY:Airbnb (Not available)',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    feeds.set(feedPath, {
      kind: 'calendar',
      body: writeAirbnbFeed({ reservations: [stay] }).replace('END:VCALENDAR', broken),
    });
    await gotoManagement(page, `?property=${property.id}&view=channels`);
    let card = await syncNow(page, 'Airbnb');
    const leftOut = card.getByTestId('left-out');
    await leftOut.getByText('1 item left out by the last sync').click();
    await leftOut.getByText('Its repeat rule could not be read').waitFor();
    await leftOut.getByText('UID broken-e2e@airbnb.com').waitFor();
    await card.getByTestId('brought').getByText('1 stay, 0 closed ranges').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await findAccessibilityViolations(page)).toEqual([]);

    feeds.set(feedPath, { kind: 'status', status: 500 });
    card = await syncNow(page, 'Airbnb');
    await toastRegion(page).getByText('Airbnb: sync failed').waitFor();
    await card.getByText('Failing', { exact: true }).waitFor();
    await card.getByText(/Last attempt failed: /).waitFor();
    // Nothing spills sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await gotoManagement(page, `?property=${property.id}`);
    const attention = page.getByRole('region', { name: 'Channels need attention' });
    const item = attention.getByRole('listitem').filter({ hasText: property.name });
    await item.getByText(/Failing: /).waitFor();
    await item.getByRole('button', { name: `Open channels: ${property.name}` }).click();
    await page.getByRole('heading', { name: 'Channels', exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('channels');

    await card.getByRole('button', { name: 'Remove Airbnb' }).click();
    await card.getByText(/Nothing is cancelled: its 1 stay to come stay as bookings here/).waitFor();
    await card.getByRole('button', { name: 'Yes, remove' }).click();
    await toastRegion(page).getByText('1 imported stay kept as bookings', { exact: false }).waitFor();
    await page.getByText('No channels connected yet').waitFor();
    const kept = (await listBookings(page, property.id)).find((b) => b.external_booking_id === stay.code);
    expect(kept?.status).toBe('confirmed');

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
