import { describeCheckInNotice, ID_TYPE_LABELS, VISIT_PURPOSES } from '../domain/check-in';

// The domain's notice with {days} in place of the retention, filled where it is shown.
const NOTICE = describeCheckInNotice('{days}');

/**
 * The online check-in form's words in English (on the guest's request page, loaded with the form);
 * `src/content/hi/check-in-form.ts` and `src/content/mr/` say the same for their readers. The English
 * notices and names are the domain's own, so they are written once.
 */
export const checkInFormEn = {
  intro: 'Save time on arrival: give us each guest’s details now, one form per guest.',
  notOpen: 'Online check-in opens once your stay is confirmed.',
  closed: 'Online check-in is closed for this stay.',
  loadFailed: 'Online check-in could not be loaded. Please reload the page.',
  /** {days}: how long after check-out the details are deleted. */
  notice: {
    summary: NOTICE.summary as string,
    register: NOTICE.fields.register as string,
    id: NOTICE.fields.id as string,
    arrival: NOTICE.fields.expected_arrival_time as string,
    formC: NOTICE.fields.form_c as string,
  },
  guest: 'Guest {n}',
  fullName: 'Full name',
  nationality: 'Nationality',
  address: 'Permanent address',
  idType: 'ID type',
  choose: 'Choose…',
  passportNumber: 'Passport number',
  idNumber: 'ID number',
  aadhaarHint: 'Aadhaar: last four digits only',
  arrivalTime: 'Expected arrival time',
  villaTime: 'villa time',
  formC: 'Form C: for the FRRO',
  passportPlace: 'Passport place of issue',
  passportIssued: 'Passport date of issue',
  passportExpires: 'Passport date of expiry',
  visaNumber: 'Visa number',
  visaNumberHint: 'or OCI card number',
  visaType: 'Visa type',
  visaExpires: 'Visa date of expiry',
  /** {country}: the guest's nationality's country. */
  noVisa: 'Nationals of {country} need no visa for India: no visa details are asked.',
  arrivedInIndia: 'Date of arrival in India',
  arrivingFrom: 'Arriving from',
  arrivingFromHint: 'city, country',
  purpose: 'Purpose of visit',
  nextDestination: 'Next destination',
  nextDestinationHint: 'after your stay',
  idTypes: { ...ID_TYPE_LABELS },
  /** The ID's name where its number is shown masked. */
  idTypesShort: { ...ID_TYPE_LABELS, aadhaar: 'Aadhaar' },
  /** Form C's purposes, by the value the form sends (the English name). */
  purposes: Object.fromEntries(VISIT_PURPOSES.map((purpose) => [purpose, purpose])) as Record<
    (typeof VISIT_PURPOSES)[number],
    string
  >,
  done: 'You are checked in. Thank you.',
  /** {date}: the day it was sent. */
  doneOn: 'You are checked in (on {date}). Thank you.',
  arriving: 'Arriving',
  send: 'Send check-in',
  sending: 'Sending…',
  sendFailed: 'Your check-in could not be sent. Please try again.',
  correctFields: 'Please correct the fields marked below.',
  /**
   * The form's validation messages in other languages, by kind (the schema words them in English; English
   * shows the schema's own). {max}: a length; {n}: how many guests the booking is for.
   */
  errors: {
    date: 'Enter a date',
    fullName: 'Give your full name, as on your ID',
    nationality: 'Choose a nationality',
    idType: 'Choose an ID type',
    foreignPassport: 'A foreign national checks in with their passport',
    aadhaarRequired: 'Enter the last four digits of your Aadhaar',
    aadhaarWhole: 'Enter only the last four digits of your Aadhaar, not the whole number',
    aadhaarDigits: 'Enter the last four digits of your Aadhaar (four digits)',
    /** A twelve-digit Aadhaar number given as another ID (the schema's words, matched as they are). */
    aadhaarAsOtherId: 'This is an Aadhaar number: choose Aadhaar and enter only its last four digits',
    /** A whole Aadhaar number inside a name, an address or another text. */
    aadhaarInText: 'Leave out the whole Aadhaar number: it is not needed here',
    idRequired: 'Enter the ID number',
    passport: 'A passport number is 6 to 12 letters and digits, as printed on the passport',
    drivingLicence: 'A driving licence number is 8 to 20 letters and digits, e.g. MH12 20110012345',
    voterId: 'A voter ID (EPIC) number is three letters and seven digits, e.g. ABC1234567',
    pan: 'A PAN is five letters, four digits and a letter, e.g. ABCDE1234F',
    arrivalTime: 'Give your arrival time as HH:MM, e.g. 14:30',
    expiryAfterIssue: 'The expiry date must be after the date of issue',
    passportValid: 'Your passport must be valid until your check-out',
    visaType: 'Choose the type of visa',
    visaValid: 'Your visa must be valid on your check-in day',
    visaNumber: 'A visa number is 4 to 30 letters and digits',
    arrivedInIndia: 'You arrive in India on or before your check-in day',
    purpose: 'Choose the purpose of your visit',
    atLeastOne: 'Check in at least one guest',
    guestCount: 'This booking is for {n} guests: please check in each of them',
  },
};

export type CheckInFormText = typeof checkInFormEn;
