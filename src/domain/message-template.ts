import { z } from 'zod';
import { addDaysToDate, VILLA_TIME_ZONE, villaToday } from './dates';
import { hasControlCharacters, wholeNumber } from './fields';

/**
 * The guest messages sent on a schedule, per property: before the guest arrives, and after they leave.
 * Each has one template per property (the defaults until the operator saves one) and is sent at most once
 * per booking.
 */
export const MESSAGE_TEMPLATE_KINDS = ['before_arrival', 'after_stay'] as const;
export type MessageTemplateKind = (typeof MESSAGE_TEMPLATE_KINDS)[number];

export const MESSAGE_TEMPLATE_LABELS: Record<MessageTemplateKind, string> = {
  before_arrival: 'Before arrival',
  after_stay: 'After the stay',
};

/** What each template's `days` counts: days before check-in, or days after check-out. */
export const MESSAGE_TEMPLATE_DAYS_LABELS: Record<MessageTemplateKind, string> = {
  before_arrival: 'Days before check-in',
  after_stay: 'Days after check-out',
};

/**
 * The words a property's scheduled messages start from until the operator saves their own: the villa's
 * (written for the retreat behind the fort) or neutral ones that name the property's own address. A new
 * property starts neutral.
 */
export const MESSAGE_WORDINGS = ['villa', 'neutral'] as const;
export type MessageWording = (typeof MESSAGE_WORDINGS)[number];

/** Whose words a template holds now: the villa's, the neutral defaults, or the operator's own. */
export const TEMPLATE_WORDINGS = ['villa', 'neutral', 'own'] as const;
export type TemplateWording = (typeof TEMPLATE_WORDINGS)[number];

export const MESSAGE_TEMPLATE_LIMITS = { subject: 200, body: 5000, days: 30, reviewUrl: 500 } as const;

/** Scheduled messages go out from this hour on their day, at the villa. */
export const SCHEDULED_SEND_HOUR = 9;
/** Never in the guest's night: only from 08:00 to 21:00 at the villa (a late one waits for the morning). */
export const QUIET_HOURS = { from: 21, until: 8 } as const;
/** An after-stay message not sent within this many days of its day is not sent at all. */
export const AFTER_STAY_GRACE_DAYS = 2;

/** The placeholders a template may use, each `{name}`, with what it stands for. */
export const MESSAGE_PLACEHOLDERS = {
  guestName: "The guest's name",
  reference: 'The booking reference',
  checkInDate: 'Check-in date',
  checkInTime: 'Check-in time',
  checkOutDate: 'Check-out date',
  checkOutTime: 'Check-out time',
  nights: 'Nights',
  guests: 'Guests',
  propertyName: "The property's name",
  propertyAddress: "The property's address",
  contactPhone: 'Your phone number (Settings, contact details)',
  contactEmail: 'Your e-mail address (Settings, contact details)',
  mapLink: 'A map link to the property',
  balanceDue: 'The balance still due (a line with it is left out when nothing is due)',
  checkInLink: "The guest's page for online check-in (left out for a stay that has none)",
  reviewLink: 'Your review link (a line with it is left out while none is set)',
} as const;
export type MessagePlaceholder = keyof typeof MESSAGE_PLACEHOLDERS;
export const MESSAGE_PLACEHOLDER_NAMES = Object.keys(MESSAGE_PLACEHOLDERS) as MessagePlaceholder[];

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The `{names}` a text uses that are not placeholders, each once, in order. */
export function findUnknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!Object.hasOwn(MESSAGE_PLACEHOLDERS, match[1]!)) unknown.add(`{${match[1]}}`);
  }
  return [...unknown];
}

/**
 * A template's text with its placeholders filled. A line that uses a placeholder with no value (no
 * review link set, nothing due) is left out whole, so the guest never reads a sentence that ends in nothing.
 */
export function fillTemplateText(text: string, values: Partial<Record<MessagePlaceholder, string>>): string {
  return text
    .split('\n')
    .flatMap((line) => {
      let empty = false;
      const filled = line.replace(PLACEHOLDER, (whole, name: string) => {
        if (!Object.hasOwn(MESSAGE_PLACEHOLDERS, name)) return whole;
        const value = values[name as MessagePlaceholder] ?? '';
        if (!value) empty = true;
        return value;
      });
      return empty ? [] : [filled];
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const templateText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      // Line breaks and tabs are the subject's own rule (one line) and the text's paragraphs.
      if (hasControlCharacters(value, { multiline: true }))
        ctx.addIssue({ code: 'custom', message: `${label} contains characters that are not allowed` });
      const unknown = findUnknownPlaceholders(value);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} uses unknown placeholder${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}; use only ${MESSAGE_PLACEHOLDER_NAMES.map((name) => `{${name}}`).join(', ')}`,
        });
      }
    });

const reviewUrl = z
  .string()
  .trim()
  .max(
    MESSAGE_TEMPLATE_LIMITS.reviewUrl,
    `The review link must be at most ${MESSAGE_TEMPLATE_LIMITS.reviewUrl} characters`,
  )
  .refine((value) => value === '' || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), {
    message: 'The review link must be an http:// or https:// address, e.g. https://g.page/r/…/review',
  });

/** A template as the operator saves it (the form's resolver and the route parse the same schema). */
export const MessageTemplateUpdateSchema = z.object({
  subject: templateText('The subject', MESSAGE_TEMPLATE_LIMITS.subject).refine(
    (value) => !/[\r\n]/.test(value),
    'The subject must be one line',
  ),
  body: templateText('The message', MESSAGE_TEMPLATE_LIMITS.body),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  days: wholeNumber('Days', {
    min: 0,
    max: MESSAGE_TEMPLATE_LIMITS.days,
    maxMessage: `Days must be between 0 and ${MESSAGE_TEMPLATE_LIMITS.days}`,
  }),
  review_url: reviewUrl.default(''),
});
export type MessageTemplateUpdateInput = z.input<typeof MessageTemplateUpdateSchema>;
export type MessageTemplateUpdate = z.output<typeof MessageTemplateUpdateSchema>;

export const MessageTemplateKindParamsSchema = z.object({
  propertyId: z.uuid({ error: 'Property id must be a UUID' }),
  kind: z.enum(MESSAGE_TEMPLATE_KINDS, {
    error: `The template must be one of ${MESSAGE_TEMPLATE_KINDS.join(', ')}`,
  }),
});

export const MessageTemplateSchema = z.object({
  property_id: z.uuid(),
  kind: z.enum(MESSAGE_TEMPLATE_KINDS),
  subject: z.string(),
  body: z.string(),
  enabled: z.boolean(),
  days: z.number().int().describe('Days before check-in (before_arrival) or after check-out (after_stay)'),
  review_url: z.string(),
  /** False while the property uses the defaults (nothing saved yet). */
  saved: z.boolean(),
  wording: z
    .enum(TEMPLATE_WORDINGS)
    .describe(
      "villa: the villa's words (its fort, temple gate, monkeys); neutral: the neutral defaults; own: edited",
    ),
});
export type MessageTemplate = z.infer<typeof MessageTemplateSchema>;

export const MessageTemplateListSchema = z.object({
  templates: z.array(MessageTemplateSchema),
  villa_wording: z
    .array(z.object({ property_id: z.uuid(), name: z.string() }))
    .describe("The operator's properties whose messages still use the villa's words"),
  placeholders: z.array(z.object({ name: z.string(), description: z.string() })),
  send_hour: z.number().int().describe('Hour of the day (villa time) a scheduled message is sent on its day'),
  quiet_hours: z.object({ from: z.number().int(), until: z.number().int() }),
});
export type MessageTemplateList = z.infer<typeof MessageTemplateListSchema>;

/** A preview: a template (saved, or the text being edited) rendered on a real booking of its property. */
export const MessageTemplatePreviewSchema = z.object(
  {
    booking_id: z.uuid({ error: 'Choose a booking of this property' }).optional(),
    subject: z
      .string()
      .max(MESSAGE_TEMPLATE_LIMITS.subject * 2)
      .optional(),
    body: z
      .string()
      .max(MESSAGE_TEMPLATE_LIMITS.body * 2)
      .optional(),
    review_url: z
      .string()
      .max(MESSAGE_TEMPLATE_LIMITS.reviewUrl * 2)
      .optional(),
  },
  { error: 'Send a JSON object: {} previews the saved template on the next stay' },
);
export type MessageTemplatePreviewInput = z.input<typeof MessageTemplatePreviewSchema>;

export const RenderedTemplateSchema = z.object({
  booking_id: z.uuid().nullable().describe('The booking it was rendered on; null: made-up sample facts'),
  subject: z.string(),
  text: z.string(),
  unknown_placeholders: z.array(z.string()),
});
export type RenderedTemplate = z.infer<typeof RenderedTemplateSchema>;

export const TemplateTestResultSchema = z.object({ to: z.string(), subject: z.string() });

/** Where a booking's scheduled message stands. */
export const SCHEDULED_STATES = ['scheduled', 'sent', 'skipped', 'off', 'none'] as const;
export type ScheduledState = (typeof SCHEDULED_STATES)[number];

export const ScheduledMessageSchema = z.object({
  kind: z.enum(MESSAGE_TEMPLATE_KINDS),
  state: z.enum(SCHEDULED_STATES),
  send_at: z.string().nullable().describe('When it is (or was) due; the worker sends it soon after'),
  sent_at: z.string().nullable(),
  note: z.string().describe('Why it is not sent, or what happens next, as the operator reads it'),
  can_skip: z.boolean(),
  can_restore: z.boolean(),
});
export type ScheduledMessage = z.infer<typeof ScheduledMessageSchema>;

export const BookingScheduleSchema = z.object({
  messages: z.array(ScheduledMessageSchema),
  whatsapp_url: z
    .string()
    .nullable()
    .describe(
      'A wa.me link to the guest with the before-arrival text filled in; null without a phone number',
    ),
});
export type BookingSchedule = z.infer<typeof BookingScheduleSchema>;

export const ScheduledMessageParamsSchema = z.object({
  bookingId: z.uuid({ error: 'Booking id must be a UUID' }),
  kind: z.enum(MESSAGE_TEMPLATE_KINDS, {
    error: `The message must be one of ${MESSAGE_TEMPLATE_KINDS.join(', ')}`,
  }),
});

/** The offset of a time zone from UTC at a moment, in minutes. */
function readZoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** The moment a calendar date's hour falls at the villa. */
export function findVillaMoment(date: string, hour: number): Date {
  const [year, month, day] = date.split('-').map(Number);
  const guess = new Date(Date.UTC(year!, month! - 1, day!, hour));
  return new Date(guess.getTime() - readZoneOffsetMinutes(VILLA_TIME_ZONE, guess) * 60_000);
}

/** The hour of the day at the villa, 0 to 23. */
export function readVillaHour(now: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: VILLA_TIME_ZONE }).format(
      now,
    ),
  );
}

/** Whether a message may go out now: not in the guest's night at the villa. */
export function isSendingHour(now: Date): boolean {
  const hour = readVillaHour(now);
  return hour >= QUIET_HOURS.until && hour < QUIET_HOURS.from;
}

/** The day a scheduled message is due for a stay. */
export function findScheduledDay(
  kind: MessageTemplateKind,
  stay: { check_in: string; check_out: string },
  days: number,
): string {
  return kind === 'before_arrival'
    ? addDaysToDate(stay.check_in, -days)
    : addDaysToDate(stay.check_out, days);
}

/**
 * The last day a scheduled message may still go out: a before-arrival message up to the check-in day (a
 * stay booked late gets it at once), a thank-you within a few days of its own day, never weeks later.
 */
export function findLastSendDay(
  kind: MessageTemplateKind,
  stay: { check_in: string; check_out: string },
  days: number,
): string {
  return kind === 'before_arrival'
    ? stay.check_in
    : addDaysToDate(findScheduledDay(kind, stay, days), AFTER_STAY_GRACE_DAYS);
}

/**
 * When a stay's scheduled message goes out, as the job sends it: at SCHEDULED_SEND_HOUR on its day, or, if
 * that has passed (a stay booked inside the window), at once, but never in quiet hours (then at 08:00).
 * Null when it is too late to send it at all.
 */
export function planScheduledSend(input: {
  kind: MessageTemplateKind;
  stay: { check_in: string; check_out: string };
  days: number;
  now: Date;
}): Date | null {
  const due = findScheduledDay(input.kind, input.stay, input.days);
  const last = findLastSendDay(input.kind, input.stay, input.days);
  const dueAt = findVillaMoment(due, SCHEDULED_SEND_HOUR);
  // The end of the last day at the villa.
  const closesAt = findVillaMoment(addDaysToDate(last, 1), 0);
  if (input.now >= closesAt) return null;
  if (dueAt > input.now) return dueAt;
  if (isSendingHour(input.now)) return input.now;
  // In the night: the next morning's first sending hour, if the last day still has it.
  const hour = readVillaHour(input.now);
  const today = villaToday(input.now);
  const morning = findVillaMoment(
    hour >= QUIET_HOURS.from ? addDaysToDate(today, 1) : today,
    QUIET_HOURS.until,
  );
  return morning < closesAt ? morning : null;
}

/**
 * A wa.me link that opens WhatsApp on the guest's number with the text filled in (no API, no account).
 * The number in international form, digits only; a ten-digit number is taken as Indian (+91). Null when the
 * phone number cannot be one.
 */
export function buildWhatsAppUrl(phone: string | null | undefined, text: string): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, '');
  if (/^0\d{10}$/.test(digits)) digits = digits.slice(1);
  if (digits.length === 10) digits = `91${digits}`;
  if (digits.length < 8 || digits.length > 15) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
