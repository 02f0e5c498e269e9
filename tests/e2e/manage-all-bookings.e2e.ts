import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/domain/booking';
import type { Property } from '../../src/domain/property';
import { DESKTOP, findAccessibilityViolations, launchBrowser } from './support/browser';
import { getJson, gotoManagement, openSignedInPage } from './manage-helpers';

describe('management area: every booking in one list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens Bookings on all properties and finds a second property's guest by name", async () => {
    const { page, context, pageErrors } = await openSignedInPage(browser, DESKTOP);
    const properties = await getJson<Property[]>(page, '/api/properties');
    expect(properties.length).toBeGreaterThan(1);
    const second = properties[1]!;
    const [stay] = await getJson<Booking[]>(page, `/api/properties/${second.id}/bookings?limit=1`);
    expect(stay, `a booking of ${second.name}`).toBeDefined();

    await gotoManagement(page);
    await page.getByRole('button', { name: 'Bookings', exact: true }).click();
    await page.getByRole('heading', { name: 'Bookings Management' }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Filter by property' }).inputValue()).resolves.toBe('');
    expect(new URL(page.url()).searchParams.get('property')).toBeNull();

    await page.getByRole('searchbox', { name: 'Search bookings' }).fill(stay!.guest_name);
    // The list follows the search once the typing pauses, and the address keeps it.
    await page.waitForURL((url) => url.searchParams.get('q') === stay!.guest_name);
    const card = page.locator(`[data-booking-id="${stay!.id}"]`);
    await card.waitFor();
    await expect(card.locator('[data-property-name]').textContent()).resolves.toContain(second.name);

    // Picking the property keeps the search, and the address keeps both.
    await page.getByRole('combobox', { name: 'Filter by property' }).selectOption(second.id);
    await page.getByRole('heading', { name: 'Bookings Management' }).waitFor();
    await card.waitFor();
    const url = new URL(page.url());
    expect([url.searchParams.get('property'), url.searchParams.get('q')]).toEqual([
      second.id,
      stay!.guest_name,
    ]);
    await expect(card.locator('[data-property-name]').count()).resolves.toBe(0);

    expect(await findAccessibilityViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
