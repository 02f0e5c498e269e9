import { describe, expect, it } from 'vitest';
import { landingEn } from './landing';
import { partnership } from './partnership';
import { landingHi } from './hi/landing';
import { partnershipHi } from './hi/partnership';
import { navigationHi } from './hi/navigation';
import { landingMr } from './mr/landing';
import { partnershipMr } from './mr/partnership';
import { navigationMr } from './mr/navigation';
import { site } from './site';
import { bookingFormEn } from './booking-form';
import { bookingFormHi } from './hi/booking-form';
import { bookingFormMr } from './mr/booking-form';
import { promiseTexts } from './promises';
import { promiseTextsHi } from './hi/promises';
import { promiseTextsMr } from './mr/promises';
import { guestRequestEn } from './guest-request';
import { guestRequestHi } from './hi/guest-request';
import { guestRequestMr } from './mr/guest-request';
import { checkInFormEn } from './check-in-form';
import { checkInFormHi } from './hi/check-in-form';
import { checkInFormMr } from './mr/check-in-form';
import { siteChrome } from './site-chrome';
import { siteChromeHi } from './hi/site-chrome';
import { siteChromeMr } from './mr/site-chrome';
import { guestMessageTextsEn } from './messages';
import { messageTextsHi } from './hi/messages';
import { messageTextsMr } from './mr/messages';
import { paymentTexts } from './payments';
import { paymentTextsHi } from './hi/payments';
import { paymentTextsMr } from './mr/payments';

/** Keys whose values are identifiers (images, icons), the same in every language. */
const IDENTIFIER_KEYS = new Set(['image', 'icon']);
/** Texts that stay as they are in every script: names and figures. */
const KEPT = new Set<string>([site.brandName, site.sisterBrand.name, 'UPI']);
const DEVANAGARI = /[\u0900-\u097F]/;

/** Each leaf of a text tree with its path, so a failure names the text. */
function listLeaves(value: unknown, path = ''): { path: string; key: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => listLeaves(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => listLeaves(item, path ? `${path}.${key}` : key));
  return [
    {
      path,
      key:
        path
          .split('.')
          .at(-1)
          ?.replace(/\[\d+\]$/, '') ?? '',
      value,
    },
  ];
}

/** The {placeholders} of a text, sorted, so a translation is checked to fill in the same values. */
const listPlaceholders = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort() : [];

describe.each([
  [
    'Hindi',
    landingHi,
    partnershipHi,
    navigationHi,
    bookingFormHi,
    promiseTextsHi,
    guestRequestHi,
    checkInFormHi,
    siteChromeHi,
    messageTextsHi,
    paymentTextsHi,
  ],
  [
    'Marathi',
    landingMr,
    partnershipMr,
    navigationMr,
    bookingFormMr,
    promiseTextsMr,
    guestRequestMr,
    checkInFormMr,
    siteChromeMr,
    messageTextsMr,
    paymentTextsMr,
  ],
] as const)(
  'the %s texts',
  (
    _language,
    landing,
    partnershipText,
    navigation,
    bookingForm,
    promises,
    guestRequest,
    checkInForm,
    chrome,
    messages,
    payments,
  ) => {
    it.each([
      ['booking form', bookingFormEn, bookingForm],
      ['promises', promiseTexts, promises],
      ['request page', guestRequestEn, guestRequest],
      ['check-in form', checkInFormEn, checkInForm],
      ['site chrome', siteChrome, chrome],
      ["guest's e-mails", guestMessageTextsEn, messages],
      ['payment', paymentTexts, payments],
      [
        'booking form promises',
        { answer: promiseTexts.answer, payment: promiseTexts.payment },
        bookingForm.promises,
      ],
    ] as const)(
      'of the %s have every English text, with the same {placeholders}',
      (_part, en, translated) => {
        const english = listLeaves(en);
        // The form's promises are checked as the promise texts (English has none of its own: see BookingFormText).
        const theirs = listLeaves(translated).filter((leaf) => !leaf.path.startsWith('promises.'));
        expect(theirs.map((leaf) => leaf.path)).toEqual(english.map((leaf) => leaf.path));
        for (const [index, leaf] of theirs.entries()) {
          expect(listPlaceholders(leaf.value), leaf.path).toEqual(listPlaceholders(english[index]!.value));
        }
      },
    );

    it.each([
      ['landing', landingEn, landing],
      ['partnership', partnership, partnershipText],
    ] as const)(
      'of the %s page have every English text in the same place, images and icons unchanged',
      (_page, en, translated) => {
        const english = listLeaves(en);
        const theirs = listLeaves(translated).filter(
          (leaf) => !leaf.path.startsWith('bookingForm.promises.'),
        );
        expect(theirs.map((leaf) => leaf.path)).toEqual(english.map((leaf) => leaf.path));
        for (const [index, leaf] of theirs.entries()) {
          if (IDENTIFIER_KEYS.has(leaf.key)) expect(leaf.value, leaf.path).toBe(english[index]!.value);
        }
      },
    );

    it.each([
      ['landing', landing],
      ['partnership', partnershipText],
      ['navigation', navigation],
      ['booking form', bookingForm],
      ['promises', promises],
      ['request page', guestRequest],
      ['check-in form', checkInForm],
      ['site chrome', chrome],
      ["guest's e-mails", messages],
      ['payment', payments],
    ] as const)('of the %s page are written in Devanagari, not left in English', (_page, texts) => {
      const untranslated = listLeaves(texts).filter(
        (leaf) =>
          typeof leaf.value === 'string' &&
          !IDENTIFIER_KEYS.has(leaf.key) &&
          !KEPT.has(leaf.value) &&
          !/^[\d\s.,%+-]+$/.test(leaf.value) &&
          !DEVANAGARI.test(leaf.value),
      );
      expect(untranslated).toEqual([]);
    });
  },
);
