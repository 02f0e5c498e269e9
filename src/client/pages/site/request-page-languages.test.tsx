import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@/content/languages';
import type { GuestRequestPageData } from '@/domain/message';
import { paymentTexts } from '@/content/payments';
import { describeRequestPage, RequestPage } from './request-page';
import { requestPageSamples } from './request-page-samples';

const pending = requestPageSamples.find(
  (sample) => sample.request.status === 'pending' && !sample.withdraw_notice,
)!;
const inLanguage = (sample: GuestRequestPageData, language: Language): GuestRequestPageData => ({
  ...sample,
  request: { ...sample.request, language },
});
const DEVANAGARI = /[\u0900-\u097F]/;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("the guest's request page in Hindi and Marathi", () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  /** The server's markup in the page's language, hydrated with the same data and language. */
  async function hydrateServerPage(data: GuestRequestPageData, requested?: Language) {
    const { language } = describeRequestPage(data, requested);
    const fetchSpy = vi.fn(async (url: string, init?: RequestInit) =>
      url.endsWith('/withdraw') && init?.method === 'POST'
        ? json({ ...data.request, status: 'cancelled', closed_reason: 'withdrawn', can_withdraw: false })
        : json({ error: { message: 'unexpected' } }, 500),
    );
    vi.stubGlobal('fetch', fetchSpy);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(data.rendered_at) });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<RequestPage data={data} language={language} />);
    document.body.append(container);
    const recoverableErrors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <RequestPage data={data} language={language} />, {
        onRecoverableError: (error) => recoverableErrors.push(error),
      });
    });
    vi.useRealTimers();
    return { fetchSpy, recoverableErrors, container };
  }

  it('shows a Marathi request in Marathi: status, time left, dates with Latin digits, amounts in lakhs', async () => {
    const data = inLanguage(pending, 'mr');
    const { recoverableErrors, container } = await hydrateServerPage({
      ...data,
      request: { ...data.request, total_amount: 1_54_000 },
    });
    expect(recoverableErrors).toEqual([]);
    expect(screen.getByText('आपली बुकिंग विनंती')).toBeTruthy();
    expect(screen.getByText('स्थिती: विचाराधीन')).toBeTruthy();
    // Rendered 2 days less 1 hour before the answer is due, at 13:30 India time.
    expect(screen.getByText(/1 दिवस 23 तास संपण्याआधी \(भारतीय वेळेनुसार 13:30 पर्यंत\) उत्तर देऊ/)).toBeTruthy();
    // Check-in on Friday 10 April 2026, in Marathi words and Latin digits.
    const checkIn = within(screen.getByText('चेक-इन').closest('div')!).getByRole('definition');
    expect(checkIn.textContent).toMatch(DEVANAGARI);
    expect(checkIn.textContent).toMatch(/10/);
    expect(checkIn.textContent).toMatch(/2026/);
    expect(checkIn.textContent).not.toMatch(/[०-९]/);
    expect(screen.getByText('2 पाहुणे · 3 रात्री')).toBeTruthy();
    expect(screen.getByText('₹1,54,000')).toBeTruthy();
    // Nothing of the page left in English (names and the reference aside).
    const text = container.textContent!;
    for (const english of ['Status', 'Reference', 'Withdraw', 'Questions', 'Check-in', 'Guests', 'night'])
      expect(text).not.toContain(english);
    // The withdraw button is a plain form first: it posts without the page's script.
    const withdraw = screen.getByRole('button', { name: 'विनंती मागे घ्या' });
    expect(withdraw.closest('form')).toHaveAttribute('action', '/request/sample/withdraw');
    expect(withdraw.closest('form')).toHaveAttribute('method', 'post');
  });

  it('switches language on the same page without naming the token again: links to ?lang=', async () => {
    await hydrateServerPage(inLanguage(pending, 'mr'));
    const switches = screen.getAllByRole('navigation', { name: 'भाषा' });
    expect(switches.length).toBeGreaterThan(0);
    for (const links of switches) {
      const hrefs = within(links)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('hreflang')]);
      expect(hrefs).toEqual([
        ['English', '?lang=en', 'en'],
        ['हिन्दी', '?lang=hi', 'hi'],
      ]);
    }
  });

  it('shows the page in the language asked for (?lang=), whatever the request records', async () => {
    const english = inLanguage(pending, 'en');
    expect(describeRequestPage(english)).toEqual({
      language: 'en',
      title: 'Your booking request | Shanti Villa Retreat',
    });
    expect(describeRequestPage(english, 'hi')).toEqual({
      language: 'hi',
      title: 'आपका बुकिंग अनुरोध | Shanti Villa Retreat',
    });
    const { recoverableErrors } = await hydrateServerPage(english, 'hi');
    expect(recoverableErrors).toEqual([]);
    expect(screen.getByText('स्थिति: विचाराधीन')).toBeTruthy();
  });

  it('withdraws in Hindi once hydrated: the dialog asks in Hindi, and the page says it is withdrawn', async () => {
    const { fetchSpy } = await hydrateServerPage(inLanguage(pending, 'hi'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'अनुरोध वापस लें' }));
    const dialog = screen.getByRole('dialog', { name: 'क्या यह अनुरोध वापस लेना है?' });
    expect(within(dialog).getByRole('button', { name: 'अनुरोध बनाए रखें' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'बंद करें' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'अनुरोध वापस लें' }));
    await screen.findByText('स्थिति: रद्द');
    expect(screen.getByText('आपने यह अनुरोध वापस ले लिया है। तारीख़ें फिर खुल गई हैं।')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledWith('/api/requests/sample/withdraw', expect.anything());
  });

  it("asks to confirm a withdrawal sent without the page's script in Marathi, as a plain form", async () => {
    const confirm = requestPageSamples.find((sample) => sample.withdraw_notice === 'confirm')!;
    await hydrateServerPage(inLanguage(confirm, 'mr'));
    const section = screen.getByRole('region', { name: 'ही विनंती मागे घ्यायची?' });
    const button = within(section).getByRole('button', { name: 'विनंती मागे घ्या' });
    const form = button.closest('form')!;
    expect(form).toHaveAttribute('action', '/request/sample/withdraw');
    expect(form.querySelector('input[name="confirm"]')).toHaveAttribute('value', 'yes');
    expect(within(section).getByRole('link', { name: 'विनंती कायम ठेवा' })).toHaveAttribute(
      'href',
      '/request/sample',
    );
  });

  it('keeps the language chosen with the switch through the plain withdrawal form', async () => {
    const confirm = requestPageSamples.find((sample) => sample.withdraw_notice === 'confirm')!;
    // Recorded in Marathi, read in Hindi: the form and its "keep" link say so, for the answer to be Hindi.
    await hydrateServerPage(inLanguage(confirm, 'mr'), 'hi');
    const section = screen.getByRole('region', { name: 'क्या यह अनुरोध वापस लेना है?' });
    const form = within(section).getByRole('button', { name: 'अनुरोध वापस लें' }).closest('form')!;
    expect(form).toHaveAttribute('action', '/request/sample/withdraw?lang=hi');
    expect(within(section).getByRole('link', { name: 'अनुरोध बनाए रखें' })).toHaveAttribute(
      'href',
      '/request/sample?lang=hi',
    );
  });

  it('names the invoices in Hindi, with their dates in Hindi', async () => {
    const invoiced = requestPageSamples.find((sample) => sample.request.invoices.length > 0)!;
    const { recoverableErrors } = await hydrateServerPage(inLanguage(invoiced, 'hi'));
    expect(recoverableErrors).toEqual([]);
    const section = screen.getByRole('region', { name: 'आपके बिल' });
    expect(
      within(section).getByRole('link', { name: /^PDF डाउनलोड करें: टैक्स इनवॉइस SV\/2627\/0001$/ }),
    ).toBeTruthy();
    expect(within(section).getByText(/13 .+ 2026 · ₹54,000/)).toBeTruthy();
    expect(screen.getByText('स्थिति: संपन्न')).toBeTruthy();
  });

  it("says how to pay in Hindi: the amount in lakhs, the date in Hindi, the site's own words translated", async () => {
    const confirmed = requestPageSamples.find((sample) => sample.request.status === 'confirmed')!;
    const data = inLanguage(confirmed, 'hi');
    await hydrateServerPage({
      ...data,
      request: {
        ...data.request,
        payment: {
          amount_due_now: 1_23_456,
          due_date: '2026-04-01',
          upi: null,
          instructions: paymentTexts.fallbackInstructions,
        },
      },
    });
    const section = screen.getByRole('region', { name: '₹1,23,456 कैसे चुकाएँ' });
    expect(within(section).getByText(/^बुध, 1 अप्रैल 2026 तक देय$/)).toBeTruthy();
    expect(within(section).getByText(/^भुगतान के लिए हम आपको अपने बैंक का विवरण भेजेंगे/)).toBeTruthy();
    expect(section.textContent).not.toContain('bank details');
  });
});
