import type { FastifyInstance } from 'fastify';
import { maskWholeAadhaars } from '../../domain/aadhaar';
import { formatBookingReference } from '../../domain/booking';
import {
  createCheckInSchema,
  describeNationality,
  findCheckInState,
  findArrivalMoment,
  findFormCDeadline,
  findFormCState,
  isForeignNational,
  maskIdNumber,
  type GuestCheckIn,
  type GuestRegisterQuery,
  type RegisterGuest,
  type RegisterStay,
} from '../../domain/check-in';
import { checkInEndpoints } from '../../domain/contracts/check-in';
import { villaToday } from '../../domain/dates';
import { DomainError } from '../../domain/domain-error';
import { REQUEST_NOT_FOUND } from '../../domain/message';
import { getOperator } from '../auth/plugin';
import type { Db, Executor } from '../db/client';
import { withGuest, withOperator } from '../db/with-operator';
import type { Config } from '../env';
import { HttpError, toIssueDetails } from '../http/http-error';
import { createRateLimit } from '../http/guest-links';
import { findGuestRequest } from '../store/request-links';
import { findGuestCheckIn, type GuestCheckInRow } from '../store/check-in';
import { submitCheckIn } from '../operations/submit-check-in';
import { requireProperty } from '../store/properties';
import { registerEndpoint } from '../http/register-endpoint';
import { sendCsvAttachment } from '../csv';
import { describeRequestNetwork } from '../request-network';
import { decryptGuestData, encryptGuestData, type GuestDataKey, type GuestDataKeys } from './guest-data-key';
import {
  findCheckInGuest,
  listRegisterRows,
  markFormCFiled,
  recordCheckInEvent,
  REGISTER_MAX_GUESTS,
  type RegisterRow,
} from './queries';
import { formatGuestRegisterCsv } from './register-csv';

export const GUEST_NOT_FOUND = 'Guest not found';

const UNREADABLE_ALTERED = 'unreadable (altered or damaged)';

/**
 * A number the keys in hand cannot read is said so, never a 500 nor a wrong number: written with another key,
 * or (with this server's key) altered or damaged since.
 */
function readNumber(keys: readonly GuestDataKey[], value: string): string {
  const keyId = value.split('.')[1] ?? '?';
  return (
    decryptGuestData(keys, value) ??
    (keys.some((key) => key.id === keyId)
      ? UNREADABLE_ALTERED
      : `unreadable (key ${keyId} is not this server's)`)
  );
}

/** A number's last four characters; an unreadable one says so (to the guest without the key's name). */
function maskReadable(plain: string, forGuest = false): string {
  if (!plain.startsWith('unreadable')) return maskIdNumber(plain);
  return forGuest ? 'unreadable' : plain;
}

/** One guest of the register: the numbers in full when `reveal`, else only their last four characters. */
export function shapeRegisterGuest(
  row: RegisterRow,
  keys: readonly GuestDataKey[],
  reveal: boolean,
  now: Date,
): RegisterGuest {
  const { guest, booking } = row;
  const show = (value: string) => {
    const plain = readNumber(keys, value);
    return reveal ? plain : maskReadable(plain);
  };
  // A whole Aadhaar typed into a text before the rule refused it is masked like the numbers: the front
  // desk reads the rest of the address, and the number in full only when revealed (and audited).
  const say = (text: string) => (reveal ? text : maskWholeAadhaars(text));
  const idNumber = show(guest.id_number_encrypted);
  const foreign = isForeignNational(guest.nationality);
  const deadline = findFormCDeadline(booking.check_in, guest.expected_arrival_time);
  const filedAt = guest.form_c_filed_at?.toISOString() ?? null;
  return {
    id: guest.id,
    position: guest.position,
    full_name: say(guest.full_name),
    nationality: guest.nationality,
    nationality_name: describeNationality(guest.nationality),
    address: say(guest.address),
    id_type: guest.id_type,
    id_number: idNumber,
    expected_arrival_time: guest.expected_arrival_time,
    form_c: foreign
      ? {
          passport_number: idNumber,
          passport_place_of_issue: say(guest.passport_place_of_issue ?? ''),
          passport_issued_on: guest.passport_issued_on ?? '',
          passport_expires_on: guest.passport_expires_on ?? '',
          visa_number: guest.visa_number_encrypted ? show(guest.visa_number_encrypted) : null,
          visa_type: guest.visa_type,
          visa_expires_on: guest.visa_expires_on,
          arrived_in_india_on: guest.arrived_in_india_on ?? '',
          arriving_from: say(guest.arriving_from ?? ''),
          purpose_of_visit: guest.purpose_of_visit ?? '',
          next_destination: say(guest.next_destination ?? ''),
          arrival_at: findArrivalMoment(booking.check_in, guest.expected_arrival_time).toISOString(),
          deadline: deadline.toISOString(),
          state: findFormCState(deadline, filedAt, now),
          frro_reference: guest.form_c_reference,
          filed_at: filedAt,
        }
      : null,
  };
}

/** The register's rows for a query, refused when longer than one answer carries (never cut short). */
async function readRegisterRows(tx: Executor, query: GuestRegisterQuery) {
  const rows = await listRegisterRows(tx, query);
  if (rows.length > REGISTER_MAX_GUESTS)
    throw new DomainError(
      'register_too_large',
      `This register holds more than ${REGISTER_MAX_GUESTS} guests: choose a property or a shorter period`,
      { max_guests: REGISTER_MAX_GUESTS },
    );
  return rows;
}

/** The register's rows grouped by stay, in the order read. */
function groupStays(
  rows: RegisterRow[],
  keys: readonly GuestDataKey[],
  reveal: boolean,
  now: Date,
): RegisterStay[] {
  const stays = new Map<string, RegisterStay>();
  for (const row of rows) {
    let stay = stays.get(row.booking.id);
    if (!stay) {
      stay = {
        booking_id: row.booking.id,
        reference: formatBookingReference(row.booking.id),
        property_id: row.property.id,
        property_name: row.property.name,
        property_address: [row.property.address, row.property.city].filter(Boolean).join(', '),
        check_in: row.booking.check_in,
        check_out: row.booking.check_out,
        status: row.booking.status,
        booked_by: row.booking.guest_name,
        checked_in_at: row.guest.submitted_at.toISOString(),
        revealed: reveal,
        guests: [],
      };
      stays.set(row.booking.id, stay);
    }
    stay.guests.push(shapeRegisterGuest(row, keys, reveal, now));
  }
  return [...stays.values()];
}

/** Online check-in (the guest's request page) and the guest register with Form C (the operator). */
export async function registerCheckInRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    config: Pick<Config, 'requests' | 'guestData'>;
    /** New numbers are encrypted with the current key; every key reads. */
    keys: GuestDataKeys;
    now?: () => Date;
  },
) {
  const now = () => options.now?.() ?? new Date();
  const keys = options.keys.all;
  const rateLimit = createRateLimit(options.config.requests.pageLookupsPerMinute);
  const retentionDays = options.config.guestData.retentionDays;

  /** What the guest's page shows: whether check-in is open, and what they sent (ID numbers masked). */
  function shapeGuestCheckIn(
    request: { status: string; check_in: string; check_out: string; guests_count: number },
    rows: GuestCheckInRow[],
  ): GuestCheckIn {
    return {
      state: findCheckInState(request, rows.length > 0, villaToday(now())),
      check_in: request.check_in,
      check_out: request.check_out,
      guests_count: request.guests_count,
      retention_days: retentionDays,
      submitted_at: rows[0]?.submitted_at.toISOString() ?? null,
      guests: rows.map((row) => ({
        position: row.position,
        full_name: maskWholeAadhaars(row.full_name),
        nationality: row.nationality,
        address: maskWholeAadhaars(row.address),
        id_type: row.id_type,
        id_number_masked: maskReadable(readNumber(keys, row.id_number_encrypted), true),
        expected_arrival_time: row.expected_arrival_time,
        foreign: isForeignNational(row.nationality),
      })),
    };
  }

  registerEndpoint(
    app,
    checkInEndpoints.getCheckIn,
    {
      config: { rateLimit },
      summary: "The online check-in of a guest's own stay, by the token of its request page",
      description:
        'Open once the operator confirmed the stay, until its check-out day. Once done, what was sent, with ID numbers masked to their last four characters.',
    },
    async (request, reply) => {
      const found = await withGuest(options.db, async (tx) => {
        const stay = await findGuestRequest(tx, request.params.token);
        return stay && { stay, rows: await findGuestCheckIn(tx, request.params.token) };
      });
      if (!found) throw new DomainError('request_not_found', REQUEST_NOT_FOUND);
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return shapeGuestCheckIn(found.stay, found.rows);
    },
  );

  registerEndpoint(
    app,
    checkInEndpoints.submitCheckIn,
    {
      config: { rateLimit },
      summary: 'The guest checks in their confirmed stay: one form per guest of the booking, once',
      description: [
        'Each guest: full name, nationality (ISO 3166 code), address, ID type and number (of an Aadhaar only the last four digits, never the whole number), expected arrival time (HH:MM, villa time).',
        "A foreign national (nationality not IN) checks in with their passport and gives what Form C asks: the passport's place and dates of issue and expiry, the visa's number, type and expiry (none for nationals of Nepal and Bhutan), the date of arrival in India, where from, the purpose of the visit and the next destination.",
        'A wrong field is answered 400 naming it in `field` (guests.<index>.<name>). ID, passport and visa numbers are stored encrypted.',
      ].join(' '),
    },
    async (request, reply) => {
      const token = request.params.token;
      const stay = await withGuest(options.db, (tx) => findGuestRequest(tx, token));
      if (!stay) throw new DomainError('request_not_found', REQUEST_NOT_FOUND);
      // The forms are checked against the stay (how many guests, its dates), each wrong field named: a
      // schema's refusal, answered as the request schemas' are (its code, if any, is the schema's own).
      const parsed = createCheckInSchema(stay).safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const details = toIssueDetails((issue as { params?: unknown }).params);
        throw new HttpError(400, issue.message, {}, { field: issue.path.join('.'), ...details });
      }
      const result = await withGuest(
        options.db,
        (tx) =>
          submitCheckIn(tx, {
            token,
            guests: parsed.data.guests,
            encrypt: (plain) => encryptGuestData(options.keys.current, plain),
            today: villaToday(now()),
          }),
        describeRequestNetwork(request.ip),
      );
      reply.code(201).header('cache-control', 'no-store');
      return shapeGuestCheckIn(result.stay, result.rows);
    },
  );

  registerEndpoint(
    app,
    checkInEndpoints.listGuestRegister,
    {
      summary:
        "The guest register: who stayed where and when, each guest's details, Form C of foreign nationals",
      description:
        'Stays with an online check-in, by check-in day. ID, passport and visa numbers show their last four characters unless `reveal=true`; each guest read in full is recorded in the audit log. Each foreign national carries Form C with its deadline: 24 hours after their arrival (check-in day at the expected time, villa time). A register of more than 5000 guests is refused (400), never cut short: ask for a property or a period.',
    },
    async (request) => {
      const operator = getOperator(request);
      const query = request.query;
      return withOperator(options.db, operator.id, async (tx) => {
        if (query.property) await requireProperty(tx, query.property);
        const rows = await readRegisterRows(tx, query);
        if (query.reveal)
          await recordCheckInEvent(tx, {
            ids: rows.map((row) => row.guest.id),
            action: 'read',
            detail: { purpose: query.booking ? 'Form C sheet' : 'register' },
          });
        return groupStays(rows, keys, query.reveal, now());
      });
    },
  );

  registerEndpoint(
    app,
    checkInEndpoints.exportGuestRegisterCsv,
    {
      summary: 'The guest register as CSV: one line per guest, with ID, passport and visa numbers in full',
      description:
        'The same stays as listGuestRegister. Every guest exported is recorded in the audit log as read. Text a spreadsheet would read as a formula is prefixed with an apostrophe.',
    },
    async (request, reply) => {
      const operator = getOperator(request);
      const query = { ...request.query, reveal: true };
      const stays = await withOperator(options.db, operator.id, async (tx) => {
        if (query.property) await requireProperty(tx, query.property);
        const rows = await readRegisterRows(tx, query);
        await recordCheckInEvent(tx, {
          ids: rows.map((row) => row.guest.id),
          action: 'read',
          detail: { purpose: 'CSV export' },
        });
        return groupStays(rows, keys, true, now());
      });
      const name = `guest-register-${villaToday(now())}.csv`;
      return sendCsvAttachment(reply, name, formatGuestRegisterCsv(stays));
    },
  );

  registerEndpoint(
    app,
    checkInEndpoints.markFormCFiled,
    {
      summary:
        "Records that a foreign guest's Form C was filed with the FRRO, with the reference its portal gave",
      description:
        'Until then the dashboard counts down to its deadline. Recording it again replaces the reference (a correction); each is in the audit log.',
    },
    async (request) => {
      const operator = getOperator(request);
      return withOperator(options.db, operator.id, async (tx) => {
        const guest = await findCheckInGuest(tx, request.params.guestId);
        if (!guest) throw new DomainError('guest_not_found', GUEST_NOT_FOUND);
        if (!isForeignNational(guest.nationality)) {
          throw new DomainError(
            'form_c_for_indian_national',
            'Form C is filed for foreign nationals only; this guest is Indian',
          );
        }
        await markFormCFiled(tx, {
          guestId: guest.id,
          reference: request.body.frro_reference,
          operatorId: operator.id,
          at: now(),
        });
        await recordCheckInEvent(tx, {
          ids: [guest.id],
          action: 'update',
          detail: { form_c_reference: request.body.frro_reference },
        });
        const [row] = await listRegisterRows(tx, { booking: guest.booking_id, reveal: false }).then((rows) =>
          rows.filter((item) => item.guest.id === guest.id),
        );
        return shapeRegisterGuest(row!, keys, false, now());
      });
    },
  );
}
