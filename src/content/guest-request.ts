import { paymentTexts } from './payments';
import { promiseTexts } from './promise-texts';

/**
 * What the guest's own request page says (its status, the stay, withdrawing, paying, invoices), in English;
 * `src/content/hi/guest-request.ts` and `src/content/mr/` say the same for their readers. Placeholders in
 * braces are filled where the text is used. The online check-in form's words load with the form
 * (`check-in-form.ts`).
 */
export const guestRequestEn = {
  /** The page's title (`<title>`), before the site's name. */
  title: 'Your booking request',
  eyebrow: 'Your booking request',
  reference: 'Reference',
  forGuest: 'for {name}',
  status: 'Status: {status}',
  statuses: {
    awaitingConfirmation: 'Waiting for your confirmation',
    pending: 'Pending',
    confirmed: 'Confirmed',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
  /** {timeLeft}: "1 day 4 hours"; {time}: "18:30", India time. */
  describe: {
    awaitingConfirmation:
      'Please confirm your request with the link in the email we sent you, within {timeLeft} (by {time} India time). We hold the dates for you until then; a request that is not confirmed lapses and the dates are released.',
    awaitingConfirmationNow:
      'Please confirm your request with the link in the email we sent you, now (by {time} India time). We hold the dates for you until then; a request that is not confirmed lapses and the dates are released.',
    pending:
      'Your request is confirmed, thank you. We are looking at it and will answer within {timeLeft} (by {time} India time). The dates are held for you meanwhile.',
    /** After `pending`: how paying works. */
    payment: promiseTexts.payment as string,
    confirmed: 'Your stay is confirmed. We look forward to welcoming you.',
    completed: 'Thank you for staying with us.',
    withdrawn: 'You withdrew this request. The dates are released.',
    unconfirmed:
      'This request was not confirmed from the email in time, so the dates were released. You are welcome to send it again.',
    lapsed:
      'We could not answer in time, so this request lapsed and the dates were released. Nothing was charged.',
    declined:
      'This request was not accepted, or the booking was cancelled. Please contact us with any questions.',
  },
  facts: {
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    guests: 'Guests',
    total: 'Total',
    guestOne: '{n} guest',
    guestMany: '{n} guests',
    nightOne: '{n} night',
    nightMany: '{n} nights',
  },
  withdraw: {
    button: 'Withdraw request',
    title: 'Withdraw this request?',
    description:
      'The dates are released for other guests and we stop holding them for you. This cannot be undone.',
    keep: 'Keep my request',
    pending: 'Withdrawing…',
    failed: 'The request could not be withdrawn. Please try again.',
    done: 'Your request is withdrawn. We have sent you an email to say so.',
    /** {status}: the status as `statuses` names it, in lower case where the language has cases. */
    refused: 'This request is {status} and can no longer be withdrawn.',
    close: 'Close',
  },
  questions: 'Questions? Write to',
  loading: 'Loading your request',
  notFound: 'We could not find this request',
  /** Shown in Hindi and Marathi in place of the server's English answer to an unknown link. */
  notFoundText: 'The link may be incomplete. Please open it again from your email, or write to us.',
  loadFailed: 'Your request could not be loaded',
  checkConnection: 'Please check your connection and try again.',
  contactUs: 'Contact us',
  tryAgain: 'Try again',
  payment: {
    upiHeading: paymentTexts.upiHeading as string,
    otherHeading: paymentTexts.otherHeading as string,
    dueLine: paymentTexts.dueLine as string,
    upiButton: paymentTexts.upiButton as string,
    onlineButton: paymentTexts.onlineButton as string,
    upiScan: paymentTexts.upiScan as string,
    upiIdLabel: paymentTexts.upiIdLabel as string,
    payeeLabel: paymentTexts.payeeLabel as string,
    copy: paymentTexts.copy as string,
    copied: paymentTexts.copied as string,
    copyByHand: 'Please copy it by hand.',
    keepUtr: paymentTexts.keepUtr as string,
    /** In place of the server's English words when the operator wrote none (`paymentTexts.fallbackInstructions`). */
    fallbackInstructions: paymentTexts.fallbackInstructions as string,
  },
  invoices: {
    heading: 'Your invoices',
    download: 'Download PDF',
    /** The download link's name: {document} is the document's title and number. */
    downloadLabel: 'Download PDF: {document}',
    /** The documents' titles as the invoices carry them (in English, as GST asks), for the reader. */
    titles: {
      'Tax Invoice': 'Tax Invoice',
      'Bill of Supply': 'Bill of Supply',
      Receipt: 'Receipt',
      'Credit Note': 'Credit Note',
    },
  },
  checkIn: { title: 'Online check-in' },
};

/** The request page's texts' shape, which the Hindi and Marathi versions follow. */
export type GuestRequestText = typeof guestRequestEn;
