import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, getBaseUrl, launchBrowser, openPage, PHONE, waitForFrames } from './support/browser';

/** Polls with a timeout that holds on a busy CI machine (vitest's default is 1 s). */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 50 });

/** The distance from the viewport top to a section's top. */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, id);
const scrollToY = (page: Page, y: number) =>
  page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), y);
/** Waits until the section has been scrolled to: its top sits under the fixed header, within the 100px line. */
async function expectScrolledTo(page: Page, id: string) {
  await poll(() => sectionTop(page, id)).toBeGreaterThanOrEqual(0);
  await poll(() => sectionTop(page, id)).toBeLessThanOrEqual(100);
}
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the landing page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is prerendered with the sections in page order, the hero texts, the four facts and the eight amenities', async () => {
    const html = await (await fetch(`${getBaseUrl()}/`)).text();
    const order = ['home', 'highlights', 'gallery', 'about', 'booking', 'contact'].map((id) =>
      html.indexOf(`id="${id}"`),
    );
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html.indexOf('<footer')).toBeGreaterThan(order.at(-1)!);
    for (const text of [
      'Where Peace Lives',
      'Escape the noise. Enter elegance.',
      'Experience luxury and tranquility',
      'where modern comfort meets the serenity of nature.',
      'Book Your Stay',
      'Learn More',
      'Reserve Your Stay',
      'Villa Features',
    ]) {
      expect(html).toContain(text);
    }
    const { page, context, pageErrors } = await openPage(browser, DESKTOP);
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(await page.locator('#home dd').allInnerTexts()).toEqual(['3', '250', '500m', '5-star']);
    const labels = await page.locator('#home dt').allTextContents();
    expect(labels).toEqual(['Bedrooms', 'Guest capacity', 'From the fort', 'Experience']);
    const amenities = await page.locator('#highlights h3').allInnerTexts();
    expect(amenities).toEqual([
      'Private Lawn',
      'Indoor Lounge',
      'Kitchen Access',
      'Scenic Views',
      'Event Space',
      'Amphitheatre',
      'Parking',
      'Modern Amenities',
    ]);
    const descriptions = (await page.locator('#highlights article p').allInnerTexts()).join(' ');
    for (const fact of [
      'fully equipped',
      'Sunrise and sunset',
      'up to 250 guests',
      'outdoor screening',
      '3 cars',
      'unlimited public parking',
      'High-speed internet',
    ]) {
      expect(descriptions).toContain(fact);
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("scrolls from the hero: 'Book Your Stay' to booking, 'Learn More' to about, the arrow to highlights", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('link', { name: 'Book Your Stay' }).click();
    await expectScrolledTo(page, 'booking');
    expect(new URL(page.url()).hash).toBe('#booking');
    await scrollToY(page, 0);
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expectScrolledTo(page, 'about');
    await scrollToY(page, 0);
    // The arrow bounces twice on arrival; force skips waiting for it to be still.
    await page.getByRole('link', { name: 'Scroll to Villa Features' }).click({ force: true });
    await expectScrolledTo(page, 'highlights');
    await page.getByRole('link', { name: 'Reserve Your Stay' }).click();
    await expectScrolledTo(page, 'booking');
    await context.close();
  });

  it('shows a transparent header at 20px of scroll or less and a solid one above', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { reducedMotion: true });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const header = page.locator('header').first();
    const background = () => header.evaluate((element) => getComputedStyle(element).backgroundColor);
    await poll(background).toBe('rgba(0, 0, 0, 0)');
    // Scrolled to 20 px, its scroll event handled and the frames after it drawn: still transparent.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.addEventListener('scroll', resolve, { once: true });
          window.scrollTo({ top: 20, behavior: 'instant' });
        }),
    );
    await waitForFrames(page);
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    await scrollToY(page, 21);
    await poll(background).not.toBe('rgba(0, 0, 0, 0)');
    await scrollToY(page, 0);
    await poll(background).toBe('rgba(0, 0, 0, 0)');
    // A menu left open on a phone-width window closes at the large breakpoint, so the rule holds there.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: /menu/i }).click();
    await poll(background).not.toBe('rgba(0, 0, 0, 0)');
    await page.setViewportSize(DESKTOP);
    await poll(background).toBe('rgba(0, 0, 0, 0)');
    await context.close();
  });

  it('marks the active section with aria-current using the 100px rule', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { reducedMotion: true });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const current = () => mainNav(page).locator('[aria-current="location"]').allInnerTexts();
    await poll(current).toEqual(['Home']);
    // Load every section first, so their heights (and the tops measured below) are final.
    await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await expectScrolledTo(page, 'contact');
    await poll(current).toEqual(['Contact']);
    await poll(() => page.locator('section[aria-busy="true"]').count()).toBe(0);
    const labels: Record<string, string> = {
      highlights: 'Features',
      gallery: 'Gallery',
      about: 'About',
      booking: 'Booking',
    };
    for (const [id, label] of Object.entries(labels)) {
      const top = await page.evaluate(
        (id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY,
        id,
      );
      // The section's top just above the 100px line (99px): it is active. (At exactly 100px both it and
      // the section before it touch the line; the first in page order wins.)
      await scrollToY(page, top - 99);
      await poll(current).toEqual([label]);
      // Its top just below the line (101px): the section before it is still active.
      await scrollToY(page, top - 101);
      await poll(current).not.toEqual([label]);
    }
    await context.close();
  });

  it('turns the amenities into a looping carousel with arrows below lg and a four-column grid at lg', async () => {
    const phone = await openPage(browser, PHONE, { reducedMotion: true });
    await phone.page.goto('/');
    await phone.page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const strip = phone.page.getByRole('region', { name: 'Villa features', exact: true });
    const scrollLeft = () => strip.evaluate((element) => element.scrollLeft);
    const next = phone.page.getByRole('button', { name: 'Next feature' });
    const previous = phone.page.getByRole('button', { name: 'Previous feature' });
    await poll(() => next.isVisible()).toBe(true);
    expect(await scrollLeft()).toBe(0);
    // Backwards from the first slide wraps to the end…
    await previous.click();
    await poll(scrollLeft).toBeGreaterThan(0);
    const end = await strip.evaluate((element) => element.scrollWidth - element.clientWidth);
    await poll(scrollLeft).toBeGreaterThanOrEqual(end - 2);
    // …and forwards from the last wraps to the start.
    await next.click();
    await poll(scrollLeft).toBe(0);
    await next.click();
    await poll(scrollLeft).toBeGreaterThan(0);
    await phone.context.close();

    const desktop = await openPage(browser, DESKTOP);
    await desktop.page.goto('/');
    await desktop.page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(await desktop.page.getByRole('button', { name: 'Next feature' }).isVisible()).toBe(false);
    const columns = await desktop.page
      .locator('#highlights ul')
      .evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(4);
    await desktop.context.close();
  });

  it('loads gallery, about, booking and contact lazily, showing a skeleton of a title bar and six blocks first', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    for (const id of ['gallery', 'about', 'booking', 'contact']) {
      const section = page.locator(`section#${id}`);
      expect(await section.getAttribute('aria-busy')).toBe('true');
      expect(await section.locator('[data-skeleton="title"]').count()).toBe(1);
      expect(await section.locator('[data-skeleton="block"]').count()).toBe(6);
    }
    expect(requested.some((url) => /gallery-section/.test(url))).toBe(false);
    await page.evaluate(() => document.getElementById('gallery')!.scrollIntoView({ behavior: 'instant' }));
    await expect
      .poll(() => page.getByRole('heading', { name: 'A Glimpse of the Retreat' }).isVisible())
      .toBe(true);
    expect(await page.locator('section#gallery').getAttribute('aria-busy')).toBe('false');
    expect(requested.some((url) => /gallery-section/.test(url))).toBe(true);
    await context.close();
  });

  it('opens gallery images in a lightbox that arrow keys move through and Escape closes', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { reducedMotion: true });
    await page.goto('/#gallery');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const figures = page.locator('#gallery figure');
    await poll(() => figures.count()).toBeGreaterThanOrEqual(6);
    expect(
      (await page.locator('#gallery figcaption').allInnerTexts()).every(
        (caption) => caption.trim().length > 0,
      ),
    ).toBe(true);
    const opener = page.getByRole('button', { name: 'View larger: The private lawn' });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await poll(() => dialog.getByRole('heading').innerText()).toBe('The private lawn');
    await page.keyboard.press('ArrowRight');
    await poll(() => dialog.getByRole('heading').innerText()).toBe('The indoor lounge');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await poll(() => dialog.getByRole('heading').innerText()).toBe('The villa at dusk');
    await page.keyboard.press('ArrowLeft');
    await poll(() => dialog.getByText(/^Image \d+ of \d+$/).innerText()).toMatch(/^Image 8 of 8$/);
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await poll(() => dialog.getByRole('heading').innerText()).toBe('The villa at dusk');
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    // Focus returns to the thumbnail of the image last shown.
    const last = page.getByRole('button', { name: 'View larger: The villa at dusk' });
    await poll(() => last.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('opens and closes the mobile menu: choosing an item closes it and scrolls; Escape closes it and returns focus', async () => {
    const { page, context } = await openPage(browser, PHONE, { reducedMotion: true });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const toggle = page.getByRole('button', { name: /menu/i });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    const labels = await menu.getByRole('link').allInnerTexts();
    expect(labels).toEqual([
      'Home',
      'Features',
      'Gallery',
      'Partnership',
      'About',
      'Booking',
      'Contact',
      'Book Now',
      // The page in the other languages, each named in itself.
      'हिन्दी',
      'मराठी',
    ]);
    // Focus moves into the menu.
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await menu.getByRole('link', { name: 'About' }).click();
    await poll(() => menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expectScrolledTo(page, 'about');

    await toggle.click();
    await poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => menu.isVisible()).toBe(false);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("navigates with 'Book Now' and every anchor item of the navigation bar", async () => {
    const { page, context } = await openPage(browser, DESKTOP, { reducedMotion: true });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const nav = mainNav(page);
    expect(await nav.getByRole('link', { name: 'Partnership' }).getAttribute('href')).toBe('/partnership');
    for (const [label, id] of [
      ['Gallery', 'gallery'],
      ['Features', 'highlights'],
      ['Booking', 'booking'],
      ['Home', 'home'],
    ]) {
      await nav.getByRole('link', { name: label!, exact: true }).click();
      await expectScrolledTo(page, id!);
    }
    await nav.getByRole('link', { name: 'Book Now' }).click();
    await expectScrolledTo(page, 'booking');
    await context.close();
  });

  it('offers the booking request form, writing or calling, and every contact detail, with the two outbound links', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { reducedMotion: true });
    await page.goto('/#contact');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await poll(() => page.getByRole('heading', { name: 'Get in Touch' }).isVisible()).toBe(true);
    const booking = page.locator('#booking');
    expect(await booking.getByRole('heading', { level: 2 }).innerText()).toBe('Book Your Stay');
    await booking.getByRole('form', { name: 'Request your stay' }).waitFor();
    expect(await booking.getByRole('link', { name: /email your request/i }).getAttribute('href')).toMatch(
      /^mailto:/,
    );
    expect(await booking.getByRole('link', { name: /call us/i }).getAttribute('href')).toMatch(/^tel:\+/);
    const contact = page.locator('#contact');
    const hrefs = await contact
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.some((href) => href?.startsWith('tel:'))).toBe(true);
    expect(hrefs.some((href) => href?.startsWith('mailto:'))).toBe(true);
    expect(await contact.locator('address').innerText()).toContain('Maharashtra');
    expect(
      await contact.getByRole('link', { name: /Visit Shanti Villa Retreat/ }).getAttribute('href'),
    ).toMatch(/^https:\/\//);
    expect(await contact.getByRole('link', { name: /Visit Spice Cell/ }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    expect(await contact.innerText()).toContain('@');
    await context.close();
  });

  it('has a footer with the quick links, the management link, contact details, © 2024, the managing company and the sister brand', async () => {
    const { page, context } = await openPage(browser, DESKTOP, { reducedMotion: true });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const footer = page.locator('footer');
    const quick = footer.getByRole('navigation', { name: 'Quick links' });
    expect(await quick.getByRole('link').allInnerTexts()).toEqual([
      'Home',
      'Features',
      'Gallery',
      'About',
      'Booking',
      'Contact',
    ]);
    expect(await footer.getByRole('link', { name: 'Villa Management' }).getAttribute('href')).toBe(
      '/villa-management',
    );
    const text = await footer.innerText();
    expect(text).toContain('© 2024');
    expect(text).toMatch(/Dubai-based company/);
    expect(text).toContain('Spice Cell');
    expect(text).toMatch(/students and working men/);
    expect(await footer.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    await quick.getByRole('link', { name: 'Gallery' }).click();
    await expectScrolledTo(page, 'gallery');
    await context.close();
  });
});
