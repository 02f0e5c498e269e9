import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawGuestRequest } from './accessible-names.e2e';
import { DESKTOP, findAccessibilityViolations, launchBrowser, openPage } from './support/browser';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 50 });

/** What has the keyboard focus: its tag, role, accessible label and whether its focus is drawn. */
function describeFocus(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'BODY', text: '', drawn: false, id: '' };
    const style = getComputedStyle(element);
    const drawn =
      element.matches(':focus-visible') &&
      ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none');
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
    return {
      tag: element.tagName,
      id: element.id,
      text: (element.getAttribute('aria-label') ?? label?.textContent ?? element.textContent ?? '').trim(),
      drawn,
    };
  });
}

/** Presses Tab until `matches` holds for the focused element (every stop on the way has its focus drawn). */
async function tabTo(page: Page, matches: (focus: Awaited<ReturnType<typeof describeFocus>>) => boolean) {
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const focus = await describeFocus(page);
    expect(focus.tag, 'focus is never lost to the page').not.toBe('BODY');
    expect(focus.drawn, `the focus on ${focus.tag} "${focus.text}" is visible`).toBe(true);
    if (matches(focus)) return focus;
  }
  throw new Error('Tab never reached the control');
}

/** Types text key by key (keyboard.press, one character at a time). */
async function pressKeys(page: Page, text: string) {
  for (const character of text) await page.keyboard.press(character === ' ' ? 'Space' : character);
}

const startsWith = (prefix: string) => (focus: { text: string }) => focus.text.startsWith(prefix);

describe('the booking by keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('books a stay with the keyboard alone: dates in the calendar, guests, details, errors, the confirmation', async () => {
    const { page, context, pageErrors } = await openPage(browser, DESKTOP, { reducedMotion: true });
    const mouse: string[] = [];
    await page.exposeFunction('recordMouseEvent', (type: string) => mouse.push(type));
    await page.addInitScript(() => {
      for (const type of ['mousedown', 'mouseup', 'click', 'pointerdown'])
        window.addEventListener(
          type,
          (event) => {
            // A click the keyboard causes (Enter on a link or button) has no pointer behind it.
            if (event instanceof PointerEvent && event.pointerType === '' && event.detail === 0) return;
            if (type === 'click' && (event as MouseEvent).detail === 0) return;
            void (window as unknown as { recordMouseEvent(type: string): void }).recordMouseEvent(type);
          },
          true,
        );
    });
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });

    // 'Book Now' in the navigation takes the reader, and the focus, to the booking section.
    await tabTo(page, (focus) => focus.text === 'Book Now');
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('booking');
    await page.locator('.booking-form [aria-busy="false"]').waitFor();

    // The calendar: Tab reaches one day; Page Down moves a month, the arrows a day, Enter picks.
    const day = await tabTo(page, (focus) => /^\w+day, \w+ \d+\w*, \d{4}/.test(focus.text));
    expect(day.tag).toBe('BUTTON');
    for (const key of ['PageDown', 'PageDown', 'PageDown', 'PageDown', 'Enter'])
      await page.keyboard.press(key);
    const checkIn = await page.getByLabel('Check-in').inputValue();
    expect(checkIn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Focus stays on the day picked (the calendar is not redrawn under it).
    expect((await describeFocus(page)).tag).toBe('BUTTON');
    for (const key of ['ArrowRight', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
    const checkOut = await page.getByLabel('Check-out').inputValue();
    expect(checkOut > checkIn).toBe(true);

    // Guests and the guest's details, typed; the email wrong at first.
    await tabTo(page, startsWith('Guests'));
    await pressKeys(page, '2');
    await tabTo(page, startsWith('Full name'));
    await pressKeys(page, 'Meera Kulkarni');
    await tabTo(page, startsWith('Email'));
    await pressKeys(page, 'meera@');
    await page.getByTestId('quote-total').waitFor();
    await tabTo(page, startsWith('Request Booking'));
    await page.keyboard.press('Enter');

    // The error is announced, tied to its field, and the focus is taken there.
    const email = page.getByLabel('Email');
    await poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const messageId = await email.getAttribute('aria-describedby');
    const message = page.locator(`[id="${messageId}"]`);
    expect(await message.getAttribute('role')).toBe('alert');
    expect(await message.innerText()).toBe('Enter a valid email address');
    await poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await describeFocus(page)).drawn).toBe(true);
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // Corrected, and sent with Enter from the field.
    await pressKeys(page, 'example.com');
    await page.keyboard.press('Enter');

    // The confirmation takes the focus: its heading is read first.
    const heading = page.getByRole('heading', { name: 'Thank you — your request has arrived' });
    await poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    const requestPath = await page.getByRole('link', { name: 'your request’s page' }).getAttribute('href');
    // Tab goes on from the heading into the confirmation: its links, then 'Make another request'.
    await tabTo(page, startsWith('your request’s page'));
    await tabTo(page, startsWith('Make another request'));
    await page.keyboard.press('Enter');
    // A new form: the focus goes to its title, not to the page's top.
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('booking-form-title');

    expect(mouse).toEqual([]);
    expect(pageErrors).toEqual([]);
    await withdrawGuestRequest(page, requestPath!);
    await context.close();
  });
});
