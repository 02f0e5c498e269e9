import { readFile } from 'node:fs/promises';
import { format, parseISO } from 'date-fns';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '../../src/domain/availability';
import { addDaysToDate } from '../../src/domain/dates';
import type { GuestRequest, MessageSummary } from '../../src/domain/message';
import { formatMajorAmount, moneyFromMajor, subtractMoney, toMajor } from '../../src/domain/money';
import type { PaymentLedger } from '../../src/domain/payment';
import { getJson, gotoManagement, openSignedInPage, toastRegion } from './manage-helpers';
import { findAccessibilityViolations, getOutboxDir, launchBrowser, openPage, PHONE } from './support/browser';

/** Polls with a timeout that holds on a busy machine: the mail worker runs in the background. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 250 });

/**
 * A guest's request from the site to their own request page, through the messages: the e-mail that
 * arrives (written to the outbox folder, as without SMTP_URL) holds the link that confirms the request,
 * only then is the operator told, the page follows the operator's decision, and the confirmation is sent.
 */
describe("a guest's request page and messages", () => {
  let browser: Browser;
  let availability: Availability;
  const guestEmail = `ravi.${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { page, context } = await openPage(browser);
    availability = await getJson<Availability>(page, '/api/availability');
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends the guest a link to their request, which shows pending, then confirmed with its e-mail', async () => {
    // The guest asks for two nights far from the sample stays.
    const guest = await openPage(browser, PHONE);
    const checkIn = addDaysToDate(availability.today, 240);
    await guest.page.goto('/#booking');
    await guest.page.locator('.booking-form [aria-busy="false"]').waitFor();
    await guest.page.getByLabel('Check-in').fill(checkIn);
    await guest.page.getByLabel('Check-out').fill(addDaysToDate(checkIn, 2));
    await guest.page.getByLabel('Guests').fill('2');
    await guest.page.getByLabel('Full name').fill('Ravi Menon');
    await guest.page.getByLabel('Email').fill(guestEmail);
    await guest.page.getByTestId('quote-total').waitFor();
    await guest.page.getByRole('button', { name: 'Request Booking' }).click();
    const confirmation = guest.page.getByRole('status').filter({ hasText: 'your request has arrived' });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(
      'One step left: confirm it with the link in the email we have just sent you',
    );
    // The confirmation's own link shows the request as waiting for the guest, and confirms nothing.
    const pagePath = await guest.page.getByRole('link', { name: 'your request’s page' }).getAttribute('href');
    await guest.page.goto(pagePath!);
    await guest.page.getByText('Status: Waiting for your confirmation').waitFor();

    // The operator sees the messages the request wrote, sent by the worker.
    const operator = await openSignedInPage(browser);
    const findMessage = async (kind: MessageSummary['kind'], to: string) => {
      const messages = await getJson<MessageSummary[]>(operator.page, '/api/messages?limit=100');
      return messages.find((message) => message.kind === kind && message.to_address === to);
    };
    await poll(async () => (await findMessage('request_received', guestEmail))?.status).toBe('sent');
    const received = (await findMessage('request_received', guestEmail))!;
    // The stored copy the operator can read holds no usable link.
    const stored = await getJson<{ text_body: string }>(operator.page, `/api/messages/${received.id}`);
    expect(stored.text_body).toMatch(/\/request\/••••••/);
    // The e-mail as it went out: its link confirms the request.
    const mail = await simpleParser(await readFile(join(getOutboxDir(), `${received.id}.eml`)));
    expect(mail.subject).toMatch(/^Please confirm your request SV-/);
    const link = new URL(mail.text!.match(/https?:\/\/\S+\/request\/[\w-]+/)![0]);
    expect(mail.html).toContain(link.pathname);
    // The operator hears of the request only once the guest has confirmed it.
    const notices = async () =>
      (await getJson<MessageSummary[]>(operator.page, '/api/messages?limit=100')).filter(
        (message) =>
          message.kind === 'request_received_operator' && message.booking_id === received.booking_id,
      );
    expect(await notices()).toEqual([]);

    // The server sends the page with the request in its markup: it paints before any script has run.
    const served = await guest.page.request.get(link.pathname);
    expect(served.headers()['cache-control']).toBe('private, no-store');
    const markup = (await served.text()).match(/<div id="root">([\s\S]*?)<noscript>/)?.[1] ?? '';
    expect(markup).toContain('Ravi Menon');
    expect(markup).toMatch(/Status: (<!-- -->)?Pending/);
    await poll(async () => (await notices())[0]?.to_address).toBe('owner@example.com');

    // The link opens the guest's own page: pending, not indexed, readable at 375 px.
    const response = await guest.page.goto(link.pathname);
    expect(response?.status()).toBe(200);
    expect(await guest.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await guest.page.getByText('Status: Pending').waitFor();
    expect(await findAccessibilityViolations(guest.page)).toEqual([]);
    const width = await guest.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    // The operator confirms: the page says so, and the confirmation is sent.
    const confirm = await operator.page.request.patch(`/api/bookings/${received.booking_id}/status`, {
      data: { status: 'confirmed' },
    });
    expect(confirm.status()).toBe(200);
    await guest.page.reload();
    await guest.page.getByText('Status: Confirmed').waitFor();
    // What is due now, by UPI: a link a phone's UPI app opens, and its QR code for another device.
    const payment = guest.page.getByRole('region', { name: /^Pay ₹[\d,]+ by UPI$/ });
    await payment.waitFor();
    expect(await payment.getByRole('link', { name: 'Pay with a UPI app' }).getAttribute('href')).toMatch(
      /^upi:\/\/pay\?pa=shantivilla@okaxis&pn=Shanti%20Villa%20Retreat&am=\d+\.\d\d&cu=INR&tn=SV-\w{8}$/,
    );
    await payment
      .getByRole('img', { name: /^UPI QR code to pay ₹[\d,]+ to Shanti Villa Retreat$/ })
      .waitFor();
    await payment.getByRole('button', { name: 'Copy UPI ID' }).waitFor();
    expect(await findAccessibilityViolations(guest.page)).toEqual([]);
    expect(await guest.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await poll(async () => (await findMessage('request_confirmed', guestEmail))?.status).toBe('sent');
    // The confirmation says the same, with the QR code as an image in the message itself.
    const confirmed = await simpleParser(
      await readFile(join(getOutboxDir(), `${(await findMessage('request_confirmed', guestEmail))!.id}.eml`)),
    );
    expect(confirmed.text).toMatch(/Pay with a UPI app: upi:\/\/pay\?pa=shantivilla@okaxis&/);
    expect(confirmed.attachments.map((image) => [image.contentType, image.contentDisposition])).toEqual([
      ['image/png', 'inline'],
    ]);

    // The payment arrives: the operator records what was due with its UTR, from the booking's card. The
    // booking then shows the balance and its day, and the guest's page asks for that balance instead.
    const request = await getJson<GuestRequest>(
      guest.page,
      `/api/requests/${link.pathname.split('/').pop()}`,
    );
    const deposit = request.payment!.amount_due_now;
    const properties = await getJson<{ id: string; name: string }[]>(operator.page, '/api/properties');
    const property = properties.find((each) => each.name === request.property_name)!;
    await gotoManagement(operator.page, `?view=bookings&property=${property.id}`);
    const card = operator.page.locator(`li[data-booking-id="${received.booking_id}"]`);
    await card.getByRole('button', { name: 'Payments of Ravi Menon' }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'Payments · Ravi Menon' });
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    expect(Number(await dialog.getByLabel(/^Amount \(INR\)/).inputValue())).toBe(deposit);
    await dialog.getByLabel('UTR / reference').fill('612345670146');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await expect.poll(() => toastRegion(operator.page).textContent()).toContain('Payment recorded');
    await operator.page.keyboard.press('Escape');
    const { summary } = await getJson<PaymentLedger>(
      operator.page,
      `/api/bookings/${received.booking_id}/payments`,
    );
    const inr = (major: number) => formatMajorAmount(major, 'INR');
    expect(summary.next_due).toEqual({
      amount: toMajor(
        subtractMoney(moneyFromMajor(request.total_amount, 'INR'), moneyFromMajor(deposit, 'INR')),
      ),
      date: addDaysToDate(checkIn, -14),
    });
    const payments = card.getByRole('region', { name: 'Payments of Ravi Menon' });
    await expect
      .poll(() => payments.textContent())
      .toContain(`Paid ${inr(deposit)} of ${inr(request.total_amount)} · Balance ${inr(summary.balance)}`);
    expect(await payments.textContent()).toContain(
      `${inr(summary.balance)} due ${format(parseISO(summary.next_due!.date), 'd MMM yyyy')}`,
    );
    await guest.page.reload();
    await guest.page.getByRole('region', { name: `Pay ${inr(summary.balance)} by UPI` }).waitFor();

    expect(guest.pageErrors).toEqual([]);
    // Hydrated with the server's data (no mismatch reported), and nothing the CSP refused (zod's eval test).
    expect(guest.consoleMessages.filter((message) => message.type === 'error')).toEqual([]);
    await guest.context.close();
    await operator.context.close();
  });
});
