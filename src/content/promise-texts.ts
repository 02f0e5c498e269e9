// The texts alone, apart from writeRequestPromises: the landing page's texts carry them without the
// domain's time module (and the shared chunk it would pull into the page).

/**
 * What a guest is promised about their request, in one place: the booking form's confirmation, the guest's
 * request page and the e-mails are written from these texts, filled from the configuration's hold hours
 * (REQUEST_HOLD_HOURS), so that what they say is what happens. {holdTime}: "48 hours".
 */
export const promiseTexts = {
  /** When the guest hears back: the request lapses, and they are told, when the hold runs out. */
  answer: 'We answer by e-mail within {holdTime} of your request, and hold these nights for you meanwhile.',
  /** How to pay: the confirmation e-mail and the request page carry the payment section. */
  payment:
    'If we can host you, our confirmation e-mail and your request page say what is due now and how to pay it. Nothing is charged before that.',
  /** The confirmation e-mail, above its payment section. */
  confirmedPayment: 'What is due now, and how to pay it, is below.',
  /** The confirmation e-mail of a stay with nothing due now. */
  confirmedNothingDue: 'Nothing is due now: we will write to you before any payment falls due.',
} as const;

/** The promise texts' shape, which the Hindi and Marathi versions (`src/content/hi/promises.ts`) follow. */
export type PromiseTexts = { [key in keyof typeof promiseTexts]: string };
