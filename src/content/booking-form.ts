import { QUOTE_CHARGE_WORDS_EN } from '../domain/quote-charge';
import type { TimeWords } from '../domain/time-left';
import type { PromiseTexts } from './promise-texts';

/** The same words as time-left.ts's TIME_WORDS_EN, written here so the page's texts import no code. */
const timeWordsEn: TimeWords = {
  minute: { one: 'minute', many: 'minutes' },
  hour: { one: 'hour', many: 'hours' },
  day: { one: 'day', many: 'days' },
  dueNow: 'due now',
};

/**
 * The booking request form's words, in English: the shape every language's form text follows
 * (`src/content/hi/booking-form.ts`). {name} marks a value filled in when shown (`fillText`); dates and
 * amounts are formatted for the language, digits stay 0-9.
 */
export const bookingFormEn = {
  title: 'Request your stay',
  intro: 'Choose your dates and tell us who is coming.',
  answerWhileLoading: 'We answer by email, and hold your nights meanwhile.',
  nothingCharged: 'Nothing is charged now.',
  fields: {
    guests: 'Guests',
    guestsHint: 'Up to {n} guests',
    name: 'Full name',
    email: 'Email',
    phone: 'Phone',
    specialRequests: 'Special requests',
    optional: 'Optional',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
  },
  submit: 'Request Booking',
  submitting: 'Sending request…',
  preferToTalk: 'Prefer to talk?',
  or: 'or',
  calendar: {
    loading: 'Loading availability…',
    legend: 'Struck-through nights are taken.',
    stayRules: 'Stay rules',
    minimumStay: 'Minimum stay is {n} nights',
    /** The stay rules in Hindi and Marathi (English words them in stay-dates.ts). */
    seasonMinimum: 'minimum stay {n} nights',
    checkInOnly: 'check-in on {days} only',
    or: ' or ',
    couldNotLoad: 'Availability could not be loaded.',
    tryLater: 'Please try again in a moment.',
    tryAgain: 'Try again',
    notTaking: 'We are not taking booking requests online.',
    previousMonth: 'Go to the Previous Month',
    nextMonth: 'Go to the Next Month',
    today: 'Today, {date}',
    selected: '{date}, selected',
  },
  quote: {
    choose: 'Choose check-in and check-out to see the price',
    inCurrency: ' (in {currency})',
    unavailable: 'Those dates are no longer available',
    working: 'Working out the price…',
    failed: 'The price could not be worked out',
    subtotal: 'Subtotal',
    included: ' (included)',
    /** The price lines' words: English's are the API's labels, said once in the domain. */
    ...QUOTE_CHARGE_WORDS_EN,
    totalOne: 'Total for 1 night',
    totalMany: 'Total for {n} nights',
  },
  confirmation: {
    heading: 'Thank you — your request has arrived',
    confirmBy:
      'One step left: confirm it with the link in the email we have just sent you, within {timeLeft} (by {time} India time). We hold the dates for you until then; a request that is not confirmed lapses and the dates are released. No email? Check your spam folder.',
    reference: 'Your booking reference is',
    followOn: 'Follow it, or withdraw it, on',
    requestPage: 'your request’s page',
    linkInEmail: '(the link is in your email too).',
    dates: 'Dates',
    guests: 'Guests',
    total: 'Total',
    next: 'What happens next',
    onceConfirmed: 'Once you confirm it, we look at your request.',
    questions: 'Questions? Write to',
    quoteReference: 'and quote your reference.',
    another: 'Make another request',
  },
  timeWords: timeWordsEn,
  /** Shown in place of the domain schema's English messages, by field and kind of problem. */
  errors: {
    nameRequired: 'Please tell us your name',
    email: 'Enter a valid email address',
    phone: 'Enter a valid phone number',
    guestsRequired: 'Please say how many guests are coming',
    guestsRange: 'Enter a whole number of guests, at least 1',
    tooManyGuests: 'The villa sleeps at most {max} guests',
    dateRequired: 'Choose a date in the calendar',
    dateInvalid: 'Enter the date as yyyy-mm-dd',
    checkOutBeforeCheckIn: 'Check-out must be after check-in',
    inThePast: 'Check-in cannot be in the past',
    stayTooLong: 'Stays can be at most {n} nights; for longer stays please contact us',
    tooFarAhead: 'Bookings open up to {n} days ahead',
    datesTaken: 'Those dates are no longer available. Please choose others.',
    priceChanged:
      'The price of these dates has changed since you saw it: the total is now {total}. Please check the new price and send your request again.',
    tooManyPending:
      'We already have requests from you waiting for our answer. Please wait for it, or contact us by email or phone.',
    checkForm: 'Please check the form and try again.',
    requestFailed: 'Your request could not be sent. Please try again, or contact us by email or phone.',
  },
};

/**
 * `promises`: what happens next in the page's language ({holdTime} in `timeWords`), from
 * `src/content/hi/promises.ts`; English leaves it out and the form uses `src/content/promises.ts`, which the
 * landing page's static texts must not import (it would move the domain's time module, and zod with it,
 * into the guest's request page's static chunks).
 */
export type BookingFormText = typeof bookingFormEn & {
  promises?: Pick<PromiseTexts, 'answer' | 'payment'>;
};
