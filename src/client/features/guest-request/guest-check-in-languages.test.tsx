import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkInFormEn } from '@/content/check-in-form';
import { checkInFormMr } from '@/content/mr/check-in-form';
import type { GuestCheckIn as GuestCheckInData } from '@/domain/check-in';
import { FIELD_REFUSALS, type FieldRefusal } from '@/domain/field-refusals';
import { describeCheckInError, GuestCheckIn } from './guest-check-in';

const OPEN: GuestCheckInData = {
  state: 'open',
  check_in: '2027-01-10',
  check_out: '2027-01-13',
  guests_count: 2,
  retention_days: 365,
  submitted_at: null,
  guests: [],
};
const DEVANAGARI = /[\u0900-\u097F]/;

afterEach(() => vi.unstubAllGlobals());

describe('online check-in in Marathi', () => {
  it('asks in Marathi, says why and for how long, and reports wrong fields in Marathi', async () => {
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posts.push(init.body);
        return new Response(JSON.stringify(OPEN), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <GuestCheckIn language="mr" title="ऑनलाइन चेक-इन" token="tok" />
      </QueryClientProvider>,
    );
    const second = await screen.findByRole('group', { name: 'पाहुणा 2' });
    // The notice of purpose and retention, with the retention filled in.
    expect(screen.getByText(/चेक-आउटनंतर 365 दिवसांनी ही सर्व माहिती नष्ट करतो/)).toBeTruthy();
    // Nationalities named in Marathi; India first.
    const nationality = within(second).getByLabelText(/राष्ट्रीयत्व/) as HTMLSelectElement;
    expect(nationality.options[0]!.textContent).toBe('भारत');
    await userEvent.selectOptions(nationality, 'FR');
    expect(within(second).getByRole('heading', { name: 'फॉर्म C: FRRO साठी' })).toBeTruthy();
    expect(within(second).getByLabelText(/व्हिसा क्रमांक/)).toBeTruthy();
    const purposes = [...(within(second).getByLabelText(/भेटीचा उद्देश/) as HTMLSelectElement).options];
    expect(purposes.find((option) => option.value === 'Tourism')?.textContent).toBe('पर्यटन');

    const first = screen.getByRole('group', { name: 'पाहुणा 1' });
    await userEvent.type(within(first).getByLabelText(/पूर्ण नाव/), 'सई देशपांडे');
    // A whole Aadhaar in Devanagari digits, in the address: refused, in Marathi.
    await userEvent.type(within(first).getByLabelText(/कायमचा पत्ता/), 'आधार ४३२१ ८७६५ ७३०५, पुणे');
    await userEvent.selectOptions(within(first).getByLabelText(/ओळखपत्राचा प्रकार/), 'aadhaar');
    await userEvent.type(within(first).getByLabelText(/ओळखपत्र क्रमांक/), '123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'चेक-इन पाठवा' }));
    await within(first).findByText('आधारचे फक्त शेवटचे चार अंक लिहा, संपूर्ण क्रमांक नाही');
    expect(within(first).getByText(checkInFormMr.errors.aadhaarInText)).toBeTruthy();
    expect(screen.getByText('कृपया खाली खूण केलेल्या जागा दुरुस्त करा.')).toBeTruthy();
    // Every message on the form is in Marathi.
    for (const alert of document.querySelectorAll('[id$="-message"], [role="alert"]'))
      expect(alert.textContent).toMatch(DEVANAGARI);
    expect(posts).toEqual([]);
  });

  it("words every message of the schema in the language, and leaves English the schema's own", () => {
    const say = (message: string) => describeCheckInError({ message }, checkInFormMr, 'mr');
    const refuse = (message: string, refusal: FieldRefusal) =>
      describeCheckInError({ message, refusal }, checkInFormMr, 'mr');
    expect(refuse('Full name is required', FIELD_REFUSALS.required())).toBe('कृपया हे भरा');
    expect(refuse('Address must be at most 300 characters', FIELD_REFUSALS.tooLong(300))).toBe(
      'कृपया हे जास्तीत जास्त 300 अक्षरांत लिहा',
    );
    expect(
      refuse('Passport expiry must be between 2000-01-01 and 2100-12-31', FIELD_REFUSALS.outOfRange()),
    ).toBe('कृपया 2000-01-01 ते 2100-12-31 या दरम्यानची तारीख भरा');
    expect(say('Visa expiry must be a date (YYYY-MM-DD)')).toBe(checkInFormMr.errors.date);
    expect(say('This booking is for 3 guests: check in each of them (2 given)')).toBe(
      'हे बुकिंग 3 पाहुण्यांसाठी आहे: कृपया प्रत्येक पाहुण्याचे चेक-इन करा',
    );
    expect(say('Address holds what looks like a whole Aadhaar number: leave it out')).toBe(
      checkInFormMr.errors.aadhaarInText,
    );
    expect(say('This is an Aadhaar number: choose Aadhaar and enter only its last four digits')).toBe(
      checkInFormMr.errors.aadhaarAsOtherId,
    );
    for (const [key, english] of Object.entries(checkInFormEn.errors)) {
      if (english.includes('{')) continue;
      expect(say(english), key).toBe(checkInFormMr.errors[key as keyof typeof checkInFormMr.errors]);
    }
    expect(
      describeCheckInError(
        { message: 'Full name is required', refusal: FIELD_REFUSALS.required() },
        checkInFormEn,
        'en',
      ),
    ).toBe('Full name is required');
  });
});
