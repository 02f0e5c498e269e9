import { z } from 'zod';
import { containsWholeAadhaar, normaliseDigits } from './aadhaar';
import { INDIA, isCountryCode, nameCountry } from './countries';
import { isRealDate } from './dates';
import { FIELD_REFUSALS, refuseField, type FieldRefusal } from './field-refusals';
import { DATE_BOUNDS, findBidiControl, hasControlCharacters, isoDate } from './fields';

/**
 * Online check-in and the guest register. The law asks every accommodation in India to keep a register of
 * its guests (name, nationality, address, an identity document, arrival) and to report each foreign national
 * to the FRRO on Form C within 24 hours of arrival. India's Digital Personal Data Protection Act asks that
 * only what those need is taken, so this is all of it: one form per guest of the booking.
 */

export const ID_TYPES = ['aadhaar', 'passport', 'driving_licence', 'voter_id', 'pan'] as const;
export type IdType = (typeof ID_TYPES)[number];

export const ID_TYPE_LABELS: Record<IdType, string> = {
  aadhaar: 'Aadhaar (last four digits)',
  passport: 'Passport',
  driving_licence: 'Driving licence',
  voter_id: 'Voter ID (EPIC)',
  pan: 'PAN card',
};

/** Form C's purposes of visit. */
export const VISIT_PURPOSES = [
  'Tourism',
  'Business',
  'Conference',
  'Medical treatment',
  'Visiting family or friends',
  'Study',
  'Employment',
  'Other',
] as const;

/** The visas (and the OCI card, whose number stands for the visa's) a foreign guest may hold. */
export const VISA_TYPES = [
  'e-Tourist',
  'Tourist',
  'e-Business',
  'Business',
  'e-Medical',
  'Medical',
  'e-Conference',
  'Conference',
  'Employment',
  'Student',
  'Journalist',
  'Entry (X)',
  'Transit',
  'OCI card',
  'Diplomatic or official',
  'Other',
] as const;

/** Nationals of Nepal and Bhutan enter India without a visa: Form C's visa fields stay empty for them. */
const VISA_FREE = new Set(['NP', 'BT']);

export function needsVisa(nationality: string): boolean {
  return nationality !== INDIA && !VISA_FREE.has(nationality);
}

export function isForeignNational(nationality: string): boolean {
  return nationality !== INDIA;
}

/**
 * Why each thing is asked, as the guest reads it beside the field (DPDP Act: purpose and retention).
 * `retentionDays` is GUEST_DATA_RETENTION_DAYS (or a placeholder, for the texts translated from these).
 */
export function describeCheckInNotice(retentionDays: number | string) {
  return {
    summary: `Indian law asks every place of stay to keep a register of its guests, and to report foreign nationals to the Foreigners Regional Registration Office (FRRO) on Form C within 24 hours of arrival. We ask only what these need, keep identity numbers encrypted, show them to nobody else, and delete all of it ${retentionDays} days after your check-out.`,
    fields: {
      register:
        'Name, nationality and address: the guest register the law asks us to keep records them, as on your ID.',
      id: 'An identity document, for the register. Of an Aadhaar we take only the last four digits, never the whole number.',
      expected_arrival_time:
        'So we are there to welcome you; for a foreign guest, Form C is due 24 hours after arrival.',
      form_c: 'Form C asks for these details of every foreign national, sent to the FRRO within 24 hours.',
    },
  } as const;
}

export type CheckInNotice = ReturnType<typeof describeCheckInNotice>;

/** A guest's form as it is typed: every field text, the foreign national's fields blank for Indians. */
export type CheckInGuestInput = {
  full_name: string;
  nationality: string;
  address: string;
  id_type: string;
  id_number: string;
  expected_arrival_time: string;
  passport_place_of_issue: string;
  passport_issued_on: string;
  passport_expires_on: string;
  visa_number: string;
  visa_type: string;
  visa_expires_on: string;
  arrived_in_india_on: string;
  arriving_from: string;
  purpose_of_visit: string;
  next_destination: string;
};

export const FORM_C_FIELDS = [
  'passport_place_of_issue',
  'passport_issued_on',
  'passport_expires_on',
  'visa_number',
  'visa_type',
  'visa_expires_on',
  'arrived_in_india_on',
  'arriving_from',
  'purpose_of_visit',
  'next_destination',
] as const;

export const EMPTY_CHECK_IN_GUEST: CheckInGuestInput = {
  full_name: '',
  nationality: INDIA,
  address: '',
  id_type: '',
  id_number: '',
  expected_arrival_time: '',
  passport_place_of_issue: '',
  passport_issued_on: '',
  passport_expires_on: '',
  visa_number: '',
  visa_type: '',
  visa_expires_on: '',
  arrived_in_india_on: '',
  arriving_from: '',
  purpose_of_visit: '',
  next_destination: '',
};

/** What Form C holds of a foreign national beyond the register's fields; null for an Indian guest. */
export type FormCDetails = {
  passport_place_of_issue: string;
  passport_issued_on: string;
  passport_expires_on: string;
  visa_number: string | null;
  visa_type: string | null;
  visa_expires_on: string | null;
  arrived_in_india_on: string;
  arriving_from: string;
  purpose_of_visit: string;
  next_destination: string;
};

/** A guest's check-in as stored: numbers in capitals without spaces, Form C only for a foreign national. */
export type CheckInGuest = {
  full_name: string;
  nationality: string;
  address: string;
  id_type: IdType;
  id_number: string;
  expected_arrival_time: string;
  form_c: FormCDetails | null;
};

/**
 * An ID number as stored: capitals and ASCII digits (however typed: ७३०५, full-width), without spaces,
 * dashes, dots, slashes, underscores or invisible characters.
 */
export function normaliseIdNumber(value: string): string {
  return normaliseDigits(value)
    .normalize('NFKC')
    .replace(/[\s._/\p{Pd}]/gu, '')
    .toUpperCase();
}

/** Checks an ID number of a type; the message when it is not one. */
export function checkIdNumber(type: IdType, raw: string): string | null {
  const value = normaliseIdNumber(raw);
  if (!value)
    return type === 'aadhaar' ? 'Enter the last four digits of your Aadhaar' : 'Enter the ID number';
  switch (type) {
    case 'aadhaar':
      if (/^\d{12}$/.test(value))
        return 'Enter only the last four digits of your Aadhaar, not the whole number';
      return /^\d{4}$/.test(value) ? null : 'Enter the last four digits of your Aadhaar (four digits)';
    case 'passport':
      return /^[A-Z0-9]{6,12}$/.test(value)
        ? null
        : 'A passport number is 6 to 12 letters and digits, as printed on the passport';
    case 'driving_licence':
      return /^[A-Z0-9]{8,20}$/.test(value)
        ? null
        : 'A driving licence number is 8 to 20 letters and digits, e.g. MH12 20110012345';
    case 'voter_id':
      return /^[A-Z]{3}\d{7}$/.test(value)
        ? null
        : 'A voter ID (EPIC) number is three letters and seven digits, e.g. ABC1234567';
    case 'pan':
      return /^[A-Z]{5}\d{4}[A-Z]$/.test(value)
        ? null
        : 'A PAN is five letters, four digits and a letter, e.g. ABCDE1234F';
  }
}

/** An ID number as shown where it needs no reading in full: its last four characters only. */
export function maskIdNumber(value: string): string {
  return `•••• ${value.slice(-4)}`;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

type StayDates = { check_in: string; check_out: string };

const text = z.string({ error: 'Must be text' }).max(400, 'At most 400 characters');

/** A guest's form as the API takes it: every field text (the rules are createCheckInGuestSchema's). */
export const CheckInGuestFieldsSchema = z.object({
  full_name: text,
  nationality: text.describe('ISO 3166-1 alpha-2 code: IN for India'),
  address: text,
  id_type: text.describe(`One of ${ID_TYPES.join(', ')}; a foreign national's is passport`),
  id_number: text.describe('Of an Aadhaar only the last four digits'),
  expected_arrival_time: text.describe('HH:MM, villa time'),
  passport_place_of_issue: text.optional().default(''),
  passport_issued_on: text.optional().default(''),
  passport_expires_on: text.optional().default(''),
  visa_number: text.optional().default(''),
  visa_type: text
    .optional()
    .default('')
    .describe(`One of ${VISA_TYPES.join(', ')}`),
  visa_expires_on: text.optional().default(''),
  arrived_in_india_on: text.optional().default(''),
  arriving_from: text.optional().default(''),
  purpose_of_visit: text
    .optional()
    .default('')
    .describe(`One of ${VISIT_PURPOSES.join(', ')}`),
  next_destination: text.optional().default(''),
});

/** A guest's check-in: every rule, each reported on its own field, all at once. */
export function createCheckInGuestSchema(stay?: StayDates) {
  return CheckInGuestFieldsSchema.superRefine((guest, ctx) => {
    const fail = (path: keyof CheckInGuestInput, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const refuse = (path: keyof CheckInGuestInput, label: string, refusal: FieldRefusal) =>
      ctx.addIssue({ code: 'custom', path: [path], ...refuseField(label, refusal) });
    const requireText = (path: keyof CheckInGuestInput, label: string, max: number) => {
      const value = guest[path].trim();
      if (!value) refuse(path, label, FIELD_REFUSALS.required());
      else if (value.length > max) refuse(path, label, FIELD_REFUSALS.tooLong(max));
      else if (hasControlCharacters(value, { multiline: path === 'address' }))
        refuse(path, label, FIELD_REFUSALS.notAllowed());
      // A whole Aadhaar has no place in any text of a check-in (of an Aadhaar only its last four digits).
      else if (path !== 'visa_number' && containsWholeAadhaar(value))
        fail(path, `${label} holds what looks like a whole Aadhaar number: leave it out`);
    };
    const requireDate = (path: keyof CheckInGuestInput, label: string) => {
      const value = guest[path].trim();
      if (!value) refuse(path, label, FIELD_REFUSALS.required());
      else if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isRealDate(value))
        fail(path, `${label} must be a date (YYYY-MM-DD)`);
      else if (value < DATE_BOUNDS.min || value > DATE_BOUNDS.max)
        refuse(path, label, FIELD_REFUSALS.outOfRange());
      else return value;
      return null;
    };
    requireText('full_name', 'Full name', 120);
    const control = findBidiControl(guest.full_name);
    if (control) refuse('full_name', 'Full name', FIELD_REFUSALS.notAllowed(control));
    if (guest.full_name.trim().length === 1) fail('full_name', 'Give your full name, as on your ID');
    if (!isCountryCode(guest.nationality)) fail('nationality', 'Choose a nationality');
    requireText('address', 'Address', 300);
    const foreign = isCountryCode(guest.nationality) && isForeignNational(guest.nationality);
    if (!(ID_TYPES as readonly string[]).includes(guest.id_type)) fail('id_type', 'Choose an ID type');
    else if (foreign && guest.id_type !== 'passport')
      fail('id_type', 'A foreign national checks in with their passport');
    else {
      const problem = checkIdNumber(guest.id_type as IdType, guest.id_number);
      if (problem) fail('id_number', problem);
      // No Indian ID but the Aadhaar is twelve digits (licences and voter IDs start with letters, passports
      // with one): twelve digits under another type are an Aadhaar's.
      else if (!foreign && guest.id_type !== 'aadhaar' && /^\d{12}$/.test(normaliseIdNumber(guest.id_number)))
        fail('id_number', 'This is an Aadhaar number: choose Aadhaar and enter only its last four digits');
    }
    if (!TIME.test(guest.expected_arrival_time.trim()))
      fail('expected_arrival_time', 'Give your arrival time as HH:MM, e.g. 14:30');
    if (!foreign) return;
    requireText('passport_place_of_issue', 'Place of issue', 100);
    const issued = requireDate('passport_issued_on', 'Date of issue');
    const expires = requireDate('passport_expires_on', 'Date of expiry');
    if (issued && expires && issued >= expires)
      fail('passport_expires_on', 'The expiry date must be after the date of issue');
    if (expires && stay && expires < stay.check_out)
      fail('passport_expires_on', 'Your passport must be valid until your check-out');
    if (needsVisa(guest.nationality)) {
      requireText('visa_number', 'Visa number', 40);
      if (!(VISA_TYPES as readonly string[]).includes(guest.visa_type))
        fail('visa_type', 'Choose the type of visa');
      const visaExpires = requireDate('visa_expires_on', 'Visa expiry');
      if (visaExpires && stay && visaExpires < stay.check_in)
        fail('visa_expires_on', 'Your visa must be valid on your check-in day');
      else if (
        normaliseIdNumber(guest.visa_number) &&
        !/^[A-Z0-9]{4,30}$/.test(normaliseIdNumber(guest.visa_number))
      )
        fail('visa_number', 'A visa number is 4 to 30 letters and digits');
    }
    const arrived = requireDate('arrived_in_india_on', 'Date of arrival in India');
    if (arrived && stay && arrived > stay.check_in)
      fail('arrived_in_india_on', 'You arrive in India on or before your check-in day');
    requireText('arriving_from', 'Arriving from', 100);
    if (!(VISIT_PURPOSES as readonly string[]).includes(guest.purpose_of_visit))
      fail('purpose_of_visit', 'Choose the purpose of your visit');
    requireText('next_destination', 'Next destination', 100);
  }).transform((guest): CheckInGuest => {
    const foreign = isForeignNational(guest.nationality);
    const visa = needsVisa(guest.nationality);
    return {
      full_name: guest.full_name.trim().replace(/\s+/g, ' '),
      nationality: guest.nationality,
      address: guest.address.trim(),
      id_type: guest.id_type as IdType,
      id_number: normaliseIdNumber(guest.id_number),
      expected_arrival_time: guest.expected_arrival_time.trim(),
      form_c: foreign
        ? {
            passport_place_of_issue: guest.passport_place_of_issue.trim(),
            passport_issued_on: guest.passport_issued_on.trim(),
            passport_expires_on: guest.passport_expires_on.trim(),
            visa_number: visa ? normaliseIdNumber(guest.visa_number) : null,
            visa_type: visa ? guest.visa_type : null,
            visa_expires_on: visa ? guest.visa_expires_on.trim() : null,
            arrived_in_india_on: guest.arrived_in_india_on.trim(),
            arriving_from: guest.arriving_from.trim(),
            purpose_of_visit: guest.purpose_of_visit,
            next_destination: guest.next_destination.trim(),
          }
        : null,
    };
  });
}

/** The most forms one check-in takes (a booking's guests are at most this many). */
export const MAX_CHECK_IN_GUESTS = 1000;

/**
 * The whole check-in of a stay: one form per guest of the booking. Without a stay (the contract's body) the
 * number of forms and the dates are left to the route, which checks them against the booking.
 */
export function createCheckInSchema(stay?: StayDates & { guests_count: number }) {
  return z
    .object({
      guests: z
        .array(createCheckInGuestSchema(stay), { error: 'guests must be a list of guests' })
        .min(1, 'Check in at least one guest')
        .max(MAX_CHECK_IN_GUESTS, `At most ${MAX_CHECK_IN_GUESTS} guests`),
    })
    .superRefine((body, ctx) => {
      if (stay && body.guests.length !== stay.guests_count)
        ctx.addIssue({
          code: 'custom',
          path: ['guests'],
          message: `This booking is for ${stay.guests_count} ${stay.guests_count === 1 ? 'guest' : 'guests'}: check in each of them (${body.guests.length} given)`,
        });
    });
}

/**
 * The body submitCheckIn takes: the forms as typed. The route checks them against the booking (how many
 * guests, its dates) with createCheckInSchema, so every rule is the one the form applies.
 */
export const CheckInSubmissionSchema = z.object({
  guests: z.array(CheckInGuestFieldsSchema).min(1, 'Check in at least one guest').max(MAX_CHECK_IN_GUESTS),
});
export type CheckInSubmissionInput = { guests: CheckInGuestInput[] };
export type CheckInSubmission = z.output<ReturnType<typeof createCheckInSchema>>;
/** The check-in form's values as the schema reads them (Form C's fields may be left out). */
export type CheckInFormInput = z.input<ReturnType<typeof createCheckInSchema>>;

/** What the guest sees of what they sent: the ID number masked, no passport or visa number. */
export const CheckedInGuestSchema = z.object({
  position: z.number().int(),
  full_name: z.string(),
  nationality: z.string(),
  address: z.string(),
  id_type: z.enum(ID_TYPES),
  id_number_masked: z.string(),
  expected_arrival_time: z.string(),
  foreign: z.boolean(),
});
export type CheckedInGuest = z.infer<typeof CheckedInGuestSchema>;

export const CHECK_IN_STATES = ['not_open', 'open', 'done', 'closed'] as const;

export const GuestCheckInSchema = z.object({
  state: z
    .enum(CHECK_IN_STATES)
    .describe(
      'not_open: the stay is not confirmed yet; open: the guest may check in; done: they did; closed: the stay is over or cancelled',
    ),
  check_in: z.string(),
  check_out: z.string(),
  guests_count: z.number().int().describe('How many forms the check-in takes: one per guest of the booking'),
  retention_days: z.number().int(),
  submitted_at: z.string().nullable(),
  guests: z.array(CheckedInGuestSchema),
});
export type GuestCheckIn = z.infer<typeof GuestCheckInSchema>;

/** Whether a stay takes its check-in now: once confirmed, until its check-out day. */
export function findCheckInState(
  stay: { status: string; check_out: string },
  submitted: boolean,
  today: string,
): GuestCheckIn['state'] {
  if (submitted) return 'done';
  if (stay.status === 'pending') return 'not_open';
  if (stay.status !== 'confirmed' || stay.check_out < today) return 'closed';
  return 'open';
}

// ---------------------------------------------------------------------------------------------------------
// Form C's deadline

/** The villa's offset from UTC (India keeps no summer time). */
const VILLA_OFFSET = '+05:30';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A foreign guest's arrival at the villa: their check-in day at the time they said, villa time. */
export function findArrivalMoment(checkIn: string, arrivalTime: string): Date {
  return new Date(`${checkIn}T${arrivalTime}:00${VILLA_OFFSET}`);
}

/** Form C is due at the FRRO 24 hours after the foreign guest's arrival. */
export function findFormCDeadline(checkIn: string, arrivalTime: string): Date {
  return new Date(findArrivalMoment(checkIn, arrivalTime).getTime() + DAY_MS);
}

export type FormCState = 'filed' | 'due' | 'overdue';

export function findFormCState(deadline: Date, filedAt: string | null, now: Date): FormCState {
  if (filedAt) return 'filed';
  return now.getTime() > deadline.getTime() ? 'overdue' : 'due';
}

// ---------------------------------------------------------------------------------------------------------
// The register (the operator's Guests view)

export const FRRO_REFERENCE_MAX = 60;

export const MarkFormCFiledSchema = z.object({
  frro_reference: z
    .string({ error: 'frro_reference is required' })
    .trim()
    .min(1, 'Enter the FRRO reference (the application number the FRRO portal gave)')
    .max(FRRO_REFERENCE_MAX, `The FRRO reference must be at most ${FRRO_REFERENCE_MAX} characters`)
    .refine(
      (value) => !hasControlCharacters(value),
      'The FRRO reference contains characters that are not allowed',
    ),
});
export type MarkFormCFiled = z.output<typeof MarkFormCFiledSchema>;
export type MarkFormCFiledInput = z.input<typeof MarkFormCFiledSchema>;

export const GuestIdParamsSchema = z.object({ guestId: z.uuid({ error: 'Guest not found' }) });

const trueOrFalse = (label: string) =>
  z
    .enum(['true', 'false'], { error: `${label} must be true or false` })
    .optional()
    .transform((value) => value === 'true');

export const GuestRegisterQuerySchema = z
  .object({
    property: z
      .uuid({ error: 'property must be a property id (a UUID)' })
      .optional()
      .describe("Leave out for all the operator's properties"),
    from: isoDate('from').optional().describe('Stays that end after this day (YYYY-MM-DD)'),
    to: isoDate('to').optional().describe('Stays that begin before this day (YYYY-MM-DD)'),
    booking: z.uuid({ error: 'booking must be a booking id (a UUID)' }).optional().describe('One stay only'),
    form_c: z
      .enum(['pending'], { error: 'form_c must be "pending"' })
      .optional()
      .describe('pending: only foreign guests whose Form C is not filed yet'),
    reveal: trueOrFalse('reveal').describe(
      'true: ID, passport and visa numbers in full (each reading is recorded in the audit log); otherwise only their last four characters',
    ),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    message: '"to" must be after "from"',
    path: ['to'],
  });
export type GuestRegisterQueryInput = z.input<typeof GuestRegisterQuerySchema>;
export type GuestRegisterQuery = z.output<typeof GuestRegisterQuerySchema>;

export const FormCSheetSchema = z.object({
  passport_number: z.string(),
  passport_place_of_issue: z.string(),
  passport_issued_on: z.string(),
  passport_expires_on: z.string(),
  visa_number: z.string().nullable(),
  visa_type: z.string().nullable(),
  visa_expires_on: z.string().nullable(),
  arrived_in_india_on: z.string(),
  arriving_from: z.string(),
  purpose_of_visit: z.string(),
  next_destination: z.string(),
  arrival_at: z.string().describe('Arrival at the villa: the check-in day at the expected time, villa time'),
  deadline: z.string().describe('24 hours after arrival: when Form C is due at the FRRO'),
  state: z.enum(['filed', 'due', 'overdue']),
  frro_reference: z.string().nullable(),
  filed_at: z.string().nullable(),
});
export type FormCSheet = z.infer<typeof FormCSheetSchema>;

export const RegisterGuestSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  full_name: z.string(),
  nationality: z.string(),
  nationality_name: z.string(),
  address: z.string(),
  id_type: z.enum(ID_TYPES),
  id_number: z.string().describe('In full when revealed, else masked to its last four characters'),
  expected_arrival_time: z.string(),
  form_c: FormCSheetSchema.nullable().describe('A foreign national: Form C with every field'),
});
export type RegisterGuest = z.infer<typeof RegisterGuestSchema>;

export const RegisterStaySchema = z.object({
  booking_id: z.uuid(),
  reference: z.string(),
  property_id: z.uuid(),
  property_name: z.string(),
  property_address: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  status: z.string(),
  booked_by: z.string(),
  checked_in_at: z.string(),
  revealed: z.boolean(),
  guests: z.array(RegisterGuestSchema),
});
export type RegisterStay = z.infer<typeof RegisterStaySchema>;

/** The register's row for one guest, as the CSV and the sheet name the fields. */
export function describeNationality(code: string): string {
  return nameCountry(code);
}
