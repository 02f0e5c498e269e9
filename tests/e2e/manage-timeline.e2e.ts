import { format, parseISO } from 'date-fns';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../src/domain/dates';
import type { Property } from '../../src/domain/property';
import { DESKTOP, findAccessibilityViolations, launchBrowser, PHONE } from './support/browser';
import { getJson, gotoManagement, openSignedInPage, uniqueName } from './manage-helpers';

/** How a timeline cell names its day: "Sat 12 Dec". */
const dayLabel = (date: string) => format(parseISO(date), 'EEE d MMM');

describe('management area: the timeline of every property', () => {
  let browser: Browser;
  let today: string;
  let property: Property;
  const guest = uniqueName('Timeline Guest');
  let checkIn: string;
  let freeNight: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    const { page, context } = await openSignedInPage(browser);
    ({ today } = await getJson<{ today: string }>(page, '/api/availability'));
    // Two days ahead: within the two weeks shown from this week's Monday, whatever today's weekday.
    checkIn = addDaysToDate(today, 2);
    freeNight = addDaysToDate(today, 5);
    const created = await page.request.post('/api/properties', {
      data: {
        name: uniqueName('Timeline Villa'),
        address: '1 Road',
        city: 'Pune',
        country: 'India',
        max_guests: 6,
      },
    });
    expect(created.status()).toBe(201);
    property = (await created.json()) as Property;
    const booked = await page.request.post(`/api/properties/${property.id}/bookings`, {
      data: {
        guest_name: guest,
        guest_email: 'timeline@example.com',
        guests_count: 2,
        check_in: checkIn,
        check_out: addDaysToDate(checkIn, 2),
        status: 'confirmed',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openTimeline(page: Page) {
    await gotoManagement(page, '?view=timeline&span=2w');
    await page.getByRole('grid', { name: 'Timeline: properties by day' }).waitFor();
  }

  it('moves by keyboard to a stay and opens it with Enter, in its property’s bookings', async () => {
    const { page, context, pageErrors } = await openSignedInPage(browser, DESKTOP);
    await openTimeline(page);
    const rowNames = await page.getByRole('rowheader').allTextContents();
    const targetRow = rowNames.findIndex((name) => name.startsWith(property.name));
    expect(targetRow).toBeGreaterThanOrEqual(0);
    const columns = await page
      .getByRole('columnheader')
      .evaluateAll((cells) => cells.slice(1).map((cell) => cell.getAttribute('aria-label') ?? ''));
    const targetColumn = columns.findIndex((label) => label.startsWith(dayLabel(checkIn)));
    // The grid is one tab stop: its cell for today on the first property.
    const start = page.locator('[role="gridcell"][tabindex="0"]');
    await start.focus();
    const [row, column] = (await start.getAttribute('data-cell'))!.split(':').map(Number) as [number, number];
    for (let step = row; step < targetRow; step += 1) await page.keyboard.press('ArrowDown');
    for (let step = column; step < targetColumn; step += 1) await page.keyboard.press('ArrowRight');
    const focused = page.locator(':focus');
    await expect
      .poll(() => focused.getAttribute('aria-label'))
      .toBe(`${property.name}, ${dayLabel(checkIn)}: ${guest}, confirmed, Direct`);
    expect(await focused.getAttribute('tabindex')).toBe('0');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bookings' }).first().waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('view')).toBe('bookings');
    expect(url.searchParams.get('property')).toBe(property.id);
    expect(url.searchParams.get('q')).toBe(guest);
    await page.getByText(guest).first().waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('starts a booking for a free night clicked, with its dates filled in', async () => {
    const { page, context } = await openSignedInPage(browser, DESKTOP);
    await openTimeline(page);
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await page
      .getByRole('gridcell', { name: `${property.name}, ${dayLabel(freeNight)}: free`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Booking' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Check-in').inputValue()).toBe(freeNight);
    expect(await dialog.getByLabel('Check-out').inputValue()).toBe(addDaysToDate(freeNight, 1));
    expect(await dialog.getByText(property.name).count()).toBeGreaterThan(0);
    await context.close();
  });

  /** The cell of a night of the test's property. */
  const nightCell = (page: Page, date: string) =>
    page.getByRole('gridcell', { name: `${property.name}, ${dayLabel(date)}: free`, exact: true });

  async function expectBookingDialog(page: Page, checkIn: string, checkOut: string) {
    const dialog = page.getByRole('dialog', { name: 'Add Booking' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Check-in').inputValue()).toBe(checkIn);
    expect(await dialog.getByLabel('Check-out').inputValue()).toBe(checkOut);
    expect(await dialog.getByText(property.name).count()).toBeGreaterThan(0);
  }

  it('starts a booking for the free nights dragged across, from the first to the morning after the last', async () => {
    const { page, context, pageErrors } = await openSignedInPage(browser, DESKTOP);
    await openTimeline(page);
    // Other suites' properties come first: the row may be below the fold, where the mouse cannot reach.
    await nightCell(page, freeNight).scrollIntoViewIfNeeded();
    const first = await nightCell(page, freeNight).boundingBox();
    const last = await nightCell(page, addDaysToDate(freeNight, 2)).boundingBox();
    await page.mouse.move(first!.x + first!.width / 2, first!.y + first!.height / 2);
    await page.mouse.down();
    await page.mouse.move(last!.x + last!.width / 2, last!.y + last!.height / 2, { steps: 6 });
    // The nights picked so far are marked before the button is let go.
    await expect.poll(() => page.locator('[role="gridcell"][aria-selected="true"]').count()).toBe(3);
    await page.mouse.up();
    await expectBookingDialog(page, freeNight, addDaysToDate(freeNight, 3));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('picks free nights with Shift and the arrows, never across a stay, and books them with Enter', async () => {
    const { page, context } = await openSignedInPage(browser, DESKTOP);
    await openTimeline(page);
    // From the night after the stay's check-out back towards it: the pick stops at the stay.
    const afterStay = addDaysToDate(checkIn, 2);
    await nightCell(page, addDaysToDate(afterStay, 1)).focus();
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('Shift+ArrowLeft');
    const selected = page.locator('[role="gridcell"][aria-selected="true"]');
    await expect.poll(() => selected.count()).toBe(2);
    expect(await page.locator(':focus').getAttribute('aria-label')).toBe(
      `${property.name}, ${dayLabel(afterStay)}: free`,
    );
    // An arrow without Shift lets the pick go; Shift picks again from where the focus is.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => selected.count()).toBe(0);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => selected.count()).toBe(3);
    await page.keyboard.press('Enter');
    await expectBookingDialog(page, addDaysToDate(afterStay, 1), addDaysToDate(afterStay, 4));
    await context.close();
  });

  it('shows a whole month at a desktop width, and on a narrower screen a cue that scrolls to the days beyond', async () => {
    const { page, context } = await openSignedInPage(browser, DESKTOP);
    await gotoManagement(page, '?view=timeline&span=1m');
    const grid = page.getByRole('grid', { name: 'Timeline: properties by day' });
    await grid.waitFor();
    const scroller = page.getByTestId('timeline-scroll');
    const fits = () => scroller.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
    await expect.poll(fits).toBe(true);
    expect(await page.getByRole('button', { name: /^Later days/ }).count()).toBe(0);
    // Every day's column header inside the visible box.
    const box = (await scroller.boundingBox())!;
    const last = (await grid.getByRole('columnheader').last().boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);

    await page.setViewportSize({ width: 1024, height: 900 });
    const later = page.getByRole('button', { name: /^Later days/ });
    await later.waitFor();
    await later.click();
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Earlier days/ }).waitFor();
    await context.close();
  });

  it('becomes a list by day on a phone, where a stay opens from its line', async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    await gotoManagement(page, '?view=timeline&span=2w');
    const list = page.getByRole('list', { name: 'Timeline by day' });
    await list.waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    expect(await findAccessibilityViolations(page)).toEqual([]);
    const stay = page.getByRole('button', {
      name: `${guest} · arrives (${property.name}, ${dayLabel(checkIn)}: ${guest}, confirmed, Direct)`,
    });
    await stay.click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'bookings');
    expect(new URL(page.url()).searchParams.get('property')).toBe(property.id);
    await context.close();
  });
});
