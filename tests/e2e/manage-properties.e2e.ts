import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/domain/booking';
import { formatMajorAmount } from '../../src/domain/money';
import type { Property } from '../../src/domain/property';
import type { DashboardStats } from '../../src/domain/stats';
import { DESKTOP, findAccessibilityViolations, launchBrowser, PHONE } from './support/browser';
import {
  createGate,
  getJson,
  gotoManagement,
  openSignedInPage,
  toastRegion,
  uniqueName,
} from './manage-helpers';

const FORBIDDEN = "You don't have permission to create properties. Please check your authentication.";

async function openAddDialog(page: Page) {
  await page.getByRole('button', { name: 'Add New Property' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Property' });
  await dialog.waitFor();
  return dialog;
}

/** An error toast (titled 'Error') with this description. */
async function waitForErrorToast(page: Page, message: string) {
  const toast = toastRegion(page)
    .locator('[data-sonner-toast][data-type="error"]')
    .filter({ hasText: message });
  await toast.first().waitFor();
  await expect(toast.first().textContent()).resolves.toContain('Error');
}

describe('management area: dashboard, properties and the Add New Property dialog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the dashboard figures of the seeded data, with a live count of active bookings', async () => {
    const { page, context, pageErrors } = await openSignedInPage(browser, DESKTOP);
    const properties = await getJson<Property[]>(page, '/api/properties');
    const stats = await getJson<DashboardStats>(page, '/api/stats');
    // The API's figures are the dashboard's formulas over the active properties...
    expect(stats.totalProperties).toBe(properties.length);
    expect(stats.averagePrice).toBe(
      Math.round(properties.reduce((sum, p) => sum + p.base_price, 0) / properties.length),
    );
    expect(stats.totalCapacity).toBe(properties.reduce((sum, p) => sum + p.max_guests, 0));
    // ...and Active Bookings is live: pending or confirmed stays that have not checked out yet.
    const today = new Date().toLocaleDateString('en-CA');
    let active = 0;
    for (const property of properties) {
      const bookings = await getJson<Booking[]>(page, `/api/properties/${property.id}/bookings`);
      active += bookings.filter(
        (b) => (b.status === 'pending' || b.status === 'confirmed') && b.check_out >= today,
      ).length;
    }
    expect(stats.activeBookings).toBe(active);
    expect(active).toBeGreaterThan(0);

    await gotoManagement(page);
    const stat = (label: string) => page.locator(`[data-stat="${label}"]`);
    // The figures load after the page shell: wait until the skeletons are gone.
    await page.locator('[data-stat="Active Bookings"]', { hasNotText: 'Loading' }).waitFor();
    await expect(stat('Total Properties').textContent()).resolves.toBe(String(stats.totalProperties));
    // Rupees and dirhams are averaged apart: "₹12,500 · AED 650".
    await expect(stat('Average Price').textContent()).resolves.toBe(
      stats.averagePrices.map((entry) => formatMajorAmount(entry.average, entry.currency)).join(' · '),
    );
    await expect(stat('Total Capacity').textContent()).resolves.toBe(`${stats.totalCapacity} Guests`);
    await expect(stat('Active Bookings').textContent()).resolves.toBe(String(stats.activeBookings));

    // Quick Actions: with no selection the bookings of all properties, and the calendar of the first.
    await page.getByRole('button', { name: 'Manage Bookings' }).click();
    await page.getByRole('heading', { name: 'Bookings Management' }).waitFor();
    await page.getByText('All properties', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('button', { name: 'View Calendar' }).click();
    await page.getByRole('heading', { name: 'Booking Calendar' }).waitFor();
    expect(new URL(page.url()).searchParams.get('property')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await page.locator('[data-property-id]').first().click();
    await expect(page.locator('[data-property-id]').first().getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await page.getByRole('button', { name: 'View Calendar' }).click();
    await page.getByRole('heading', { name: 'Booking Calendar' }).waitFor();
    await page.getByRole('button', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('button', { name: 'Manage Bookings' }).click();
    await page.getByRole('heading', { name: 'Bookings Management' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lists at most six properties on the dashboard and all of them under Properties, with their badges', async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    let properties = await getJson<Property[]>(page, '/api/properties');
    for (let index = properties.length; index < 7; index += 1) {
      const response = await page.request.post('/api/properties', {
        data: { name: uniqueName('Limit Test'), address: '1 Test Road', city: 'Pune', country: 'India' },
      });
      expect(response.status()).toBe(201);
    }
    properties = await getJson<Property[]>(page, '/api/properties');
    await gotoManagement(page);
    await expect(page.locator('[data-property-id]').count()).resolves.toBe(6);

    await page.getByRole('button', { name: 'Properties', exact: true }).click();
    await page.getByRole('heading', { name: 'Your Properties' }).waitFor();
    await expect(page.locator('[data-property-id]').count()).resolves.toBe(properties.length);
    const withBookingCom = properties.find((p) => p.booking_com_id)!;
    const withoutBookingCom = properties.find((p) => !p.booking_com_id)!;
    const card = page.locator(`[data-property-id="${withBookingCom.id}"]`);
    await expect(card.textContent()).resolves.toContain('Booking.com');
    // The type's badge is its label ('Villa', 'Homestay'), the type's name capitalised.
    expect((await card.textContent())!.toLowerCase()).toContain(withBookingCom.property_type);
    await expect(card.textContent()).resolves.toContain(`${withBookingCom.city}, ${withBookingCom.country}`);
    await expect(card.textContent()).resolves.toContain(
      formatMajorAmount(withBookingCom.base_price, withBookingCom.currency),
    );
    await expect(
      page.locator(`[data-property-id="${withoutBookingCom.id}"]`).textContent(),
    ).resolves.not.toContain('Booking.com');
    await card.click();
    await expect(card.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByRole('button', { name: 'Calendar', exact: true }).isEnabled()).resolves.toBe(true);
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('validates name, address, city and country in order with destructive Error toasts', async () => {
    const { page, context } = await openSignedInPage(browser, DESKTOP);
    let posts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/properties') && request.method() === 'POST') posts += 1;
    });
    await gotoManagement(page);
    const dialog = await openAddDialog(page);
    await dialog.getByText('Create a new villa or property for booking management').waitFor();
    // The defaults, minimums and step of a new property.
    await expect(dialog.getByLabel('Bedrooms').inputValue()).resolves.toBe('1');
    await expect(dialog.getByLabel('Bathrooms').inputValue()).resolves.toBe('1');
    await expect(dialog.getByLabel('Max Guests').inputValue()).resolves.toBe('2');
    await expect(dialog.getByLabel('Base Price (AED)').inputValue()).resolves.toBe('100');
    await expect(dialog.getByLabel('Base Price (AED)').getAttribute('step')).resolves.toBe('0.01');
    await expect(dialog.getByLabel('Base Price (AED)').getAttribute('min')).resolves.toBe('0');
    await expect(dialog.getByLabel('Bedrooms').getAttribute('min')).resolves.toBe('1');
    await expect(dialog.getByRole('combobox', { name: 'Property Type' }).inputValue()).resolves.toBe('villa');
    expect(await findAccessibilityViolations(page)).toEqual([]);

    const create = dialog.getByRole('button', { name: 'Create Property' });
    const steps: [string, string | null, string][] = [
      ['Property name is required', 'Address is required', 'Property Name'],
      ['Address is required', 'City is required', 'Address'],
      ['City is required', 'Country is required', 'City'],
      ['Country is required', null, 'Country'],
    ];
    for (const [message, notYet, fillLabel] of steps) {
      await create.click();
      await waitForErrorToast(page, message);
      if (notYet) await expect(toastRegion(page).getByText(notYet).count()).resolves.toBe(0);
      // Whitespace is blank too: the first step types spaces into the name before filling it.
      await dialog.getByLabel(fillLabel).fill('   ');
      await create.click();
      await waitForErrorToast(page, message);
      await dialog.getByLabel(fillLabel).fill(`Test ${fillLabel}`);
    }
    await dialog.getByLabel('Bedrooms').fill('0');
    await create.click();
    await waitForErrorToast(page, 'Bedrooms must be at least 1');
    expect(posts).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await context.close();
  });

  it('creates a property: Creating..., the Success toast, the dialog closes and the list updates without a reload', async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    await gotoManagement(page, '?view=properties');
    const before = await page.locator('[data-property-id]').count();
    const saving = createGate();
    await page.route('**/api/properties', async (route: Route) => {
      if (route.request().method() === 'POST') await saving.opened;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Add Property', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Property' });
    const name = uniqueName('Lakeside Cottage');
    await dialog.getByLabel('Property Name').fill(name);
    await dialog.getByLabel('Description').fill('A quiet cottage by the lake.');
    await dialog.getByLabel('Address').fill('12 Lake Road');
    await dialog.getByLabel('City').fill('Lonavala');
    await dialog.getByLabel('Country').fill('India');
    await dialog.getByRole('combobox', { name: 'Property Type' }).selectOption({ label: 'House' });
    await dialog.getByLabel('Bedrooms').fill('3');
    await dialog.getByLabel('Bathrooms').fill('2');
    await dialog.getByLabel('Max Guests').fill('6');
    // A property in India is priced in rupees unless the operator picks another currency.
    await expect(dialog.getByLabel('Currency').inputValue()).resolves.toBe('INR');
    await dialog.getByLabel('Base Price (INR)').fill('450.5');
    await dialog.getByLabel('Amenities').fill(' Pool, Wi-Fi ,, Parking ,');
    await dialog.getByLabel('Booking.com ID').fill('BKG-TEST-1');
    await dialog.getByRole('button', { name: 'Create Property' }).click();
    await dialog.getByRole('button', { name: 'Creating...' }).waitFor();
    saving.open();
    await toastRegion(page).getByText('Property created successfully').waitFor();
    await expect(
      toastRegion(page)
        .locator('[data-type="success"]')
        .filter({ hasText: 'Property created successfully' })
        .textContent(),
    ).resolves.toContain('Success');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: new RegExp(name) }).waitFor();
    await expect(page.locator('[data-property-id]').count()).resolves.toBe(before + 1);

    const created = (await getJson<Property[]>(page, '/api/properties')).find((p) => p.name === name)!;
    expect(created).toMatchObject({
      description: 'A quiet cottage by the lake.',
      property_type: 'house',
      bedrooms: 3,
      bathrooms: 2,
      max_guests: 6,
      base_price: 450.5,
      currency: 'INR',
      amenities: ['Pool', 'Wi-Fi', 'Parking'],
      booking_com_id: 'BKG-TEST-1',
      airbnb_listing_id: null,
    });
    const card = page.locator(`[data-property-id="${created.id}"]`);
    await expect(card.textContent()).resolves.toContain('Booking.com');
    await context.close();
  });

  it('shows the error catalogue when creation fails, keeping what was typed', async () => {
    const { page, context } = await openSignedInPage(browser, DESKTOP);
    await gotoManagement(page);
    const answers: { status: number; body: string; expected: string }[] = [
      { status: 403, body: JSON.stringify({ error: { message: FORBIDDEN } }), expected: FORBIDDEN },
      {
        status: 500,
        body: JSON.stringify({ error: { message: 'The database is resting' } }),
        expected: 'The database is resting',
      },
      { status: 502, body: 'Bad gateway', expected: 'Failed to create property' },
      {
        status: 401,
        body: JSON.stringify({ error: { message: 'Not signed in' } }),
        expected: 'You must be logged in to create a property',
      },
    ];
    let answer = answers[0]!;
    await page.route('**/api/properties', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fulfill({
        status: answer.status,
        contentType: answer.body.startsWith('{') ? 'application/json' : 'text/plain',
        body: answer.body,
      });
    });
    const dialog = await openAddDialog(page);
    const name = uniqueName('Kept Values');
    await dialog.getByLabel('Property Name').fill(name);
    await dialog.getByLabel('Address').fill('7 Fort Lane');
    await dialog.getByLabel('City').fill('Ahmednagar');
    await dialog.getByLabel('Country').fill('India');
    await dialog.getByLabel('Amenities').fill('Lawn, Amphitheatre');
    for (const current of answers) {
      answer = current;
      await dialog.getByRole('button', { name: 'Create Property' }).click();
      await waitForErrorToast(page, current.expected);
      await dialog.getByRole('button', { name: 'Create Property' }).waitFor();
      await expect(dialog.getByLabel('Property Name').inputValue()).resolves.toBe(name);
      await expect(dialog.getByLabel('Address').inputValue()).resolves.toBe('7 Fort Lane');
      await expect(dialog.getByLabel('Amenities').inputValue()).resolves.toBe('Lawn, Amphitheatre');
    }
    await context.close();
  });

  it("shows the empty state and 'Failed to load properties'", async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    let mode: 'empty' | 'fail' = 'empty';
    await page.route('**/api/properties', async (route: Route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      if (mode === 'empty')
        return route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: 'boom' } }),
      });
    });
    await gotoManagement(page);
    await page.getByText('No properties added yet').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Your First Property' }).click();
    await page.getByRole('dialog', { name: 'Add New Property' }).waitFor();
    await page.keyboard.press('Escape');

    mode = 'fail';
    await page.reload();
    await waitForErrorToast(page, 'Failed to load properties');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    mode = 'empty';
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No properties added yet').waitFor();
    await context.close();
  });

  it('works with the keyboard, fits a 375 px screen and has no accessibility violations on the main views', async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    // 'Loading villa management...' while the properties load.
    const loading = createGate();
    await page.route('**/api/properties', async (route: Route) => {
      if (route.request().method() === 'GET') await loading.opened;
      await route.fallback();
    });
    await page.goto('/villa-management');
    await page.getByText('Loading villa management...').waitFor();
    loading.open();
    await page.getByRole('heading', { name: 'Villa Management', exact: true }).waitFor();
    await page.locator('[data-stat="Active Bookings"]', { hasNotText: 'Loading' }).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // Open the dialog from the keyboard: focus moves in, Escape closes it and focus comes back.
    const trigger = page.getByRole('button', { name: 'Add New Property' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add New Property' });
    await dialog.waitFor();
    await expect(dialog.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(trigger.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    // Select a property with the keyboard and walk through the views.
    await page.locator('[data-property-id]').first().focus();
    await page.keyboard.press('Space');
    await expect(page.locator('[data-property-id]').first().getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    for (const [view, heading] of [
      ['Properties', 'Your Properties'],
      ['Calendar', 'Booking Calendar'],
      ['Bookings', 'Bookings Management'],
    ] as const) {
      await page.getByRole('button', { name: view, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: heading }).waitFor();
      if (view === 'Calendar') await page.locator('[data-date]').first().waitFor();
      if (view === 'Bookings') await page.locator('li[data-booking-id]').first().waitFor();
      expect(await overflow(), view).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
  it('fits a 375 px screen in every view when a property has a 120-character name', async () => {
    const { page, context } = await openSignedInPage(browser, PHONE);
    const name =
      `${uniqueName('The Grand Maharaja Heritage Palace Villa')} with an Infinity Pool Overlooking the Fort`
        .padEnd(120, 'X')
        .slice(0, 120);
    const created = await page.request.post('/api/properties', {
      data: { name, address: '1 Road', city: 'Pune', country: 'India', max_guests: 8 },
    });
    expect(created.status()).toBe(201);
    const property = (await created.json()) as Property;
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const view of [
      'dashboard',
      'properties',
      'reports',
      'bookings',
      'calendar',
      'channels',
      'pricing',
      'messages',
      'activity',
      'account',
    ]) {
      await gotoManagement(page, `?view=${view}&property=${property.id}`);
      // The view has drawn its data once the long name is on the screen (in the header, or on the card).
      await page.getByText(name).first().waitFor();
      expect(await overflow(), view).toBeLessThanOrEqual(0);
    }
    // The name is cut with an ellipsis in the reports' scope switch, whose other choice stays whole.
    await gotoManagement(page, `?view=reports&property=${property.id}`);
    const scope = page.getByRole('group', { name: 'Properties' });
    await expect(
      scope
        .getByRole('button', { name: 'All properties' })
        .evaluate((button) => button.scrollWidth <= button.clientWidth),
    ).resolves.toBe(true);
    await context.close();
  });
});
