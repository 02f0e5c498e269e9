import { BOOKING_SOURCE_LABELS, type BookingSource } from './booking';
import { formatCalendarDate, formatVillaTime } from './dates';
import { formatMoney, moneyFromMajor } from './money';
import { WEEKDAYS } from './pricing';

/**
 * The activity log in words: each changed field named as the management area names it, with its value
 * before and after as a person reads it (dates, amounts in the property's currency, yes or no), and a
 * pricing change told rule by rule. Never raw JSON, never a value cut off in the middle.
 */

type Row = Record<string, unknown>;

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  address: 'Address',
  city: 'City',
  country: 'Country',
  state_code: 'GST state',
  property_type: 'Type',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  max_guests: 'Max guests',
  event_capacity: 'Event guests',
  base_price: 'Base price',
  currency: 'Currency',
  amenities: 'Amenities',
  airbnb_listing_id: 'Airbnb listing',
  booking_com_id: 'Booking.com id',
  is_active: 'Active',
  guest_name: 'Guest',
  ip_address: 'IP address',
  user_agent: 'Browser',
  expires_at: 'Expires',
  check_in: 'Check-in',
  check_out: 'Check-out',
  guests_count: 'Guests',
  total_amount: 'Total',
  status: 'Status',
  booking_source: 'Source',
  payment_status: 'Payment',
  guest_email: 'E-mail',
  guest_phone: 'Phone',
  special_requests: 'Special requests',
  operator_note: 'Private note',
  kept_price_reason: 'Total kept because',
  external_booking_id: 'Channel reference',
  amount_known: 'Amount known',
  date: 'Date',
  is_available: 'Open for booking',
  price: 'Price',
  amount: 'Amount',
  kind: 'Kind',
  method: 'Method',
  received_on: 'Received on',
  reference: 'Reference',
  void_reason: 'Voided because',
  note: 'Note',
  deposit_percent: 'Deposit',
  balance_due_days: 'Balance due (days before check-in)',
  security_deposit: 'Security deposit',
  payment_instructions: 'Payment instructions',
  legal_name: 'Legal name',
  trade_name: 'Trade name',
  pan: 'PAN',
  gstins: 'GSTINs',
  invoice_prefix: 'Invoice prefix',
  signatory_name: 'Signatory',
  registered: 'Registered for GST',
  number: 'Number',
  issued_on: 'Issued on',
  recipient_name: 'Recipient',
  recipient_gstin: 'Recipient GSTIN',
  taxable_value: 'Taxable value',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  total: 'Total',
  reason: 'Reason',
  channel: 'Channel',
  enabled: 'Sync on',
  last_error: 'Last error',
  resolution: 'Decision',
  position: 'Guest no.',
  purpose: 'Read for',
  form_c_reference: 'FRRO reference',
};

/** Bookkeeping and internals no one reads in the log. */
const HIDDEN_FIELDS = new Set([
  'id',
  'property_id',
  'owner_id',
  'operator_id',
  'booking_id',
  'created_at',
  'updated_at',
  'created_by',
  'quote',
  'request_network',
  'channel_connection_id',
  'channel_uid',
  'request_key',
  'is_sample',
  'overlap_exempt',
  'series',
  'fiscal_year',
  'sequence',
  'corrects_id',
  'corrects_invoice_id',
  'place_of_supply',
  'locked_by',
  'locked_until',
  'public_id',
]);

/** A summary of a row created or removed lists what identifies it first, in this order, and no currency. */
const SUMMARY_ORDER = Object.keys(FIELD_LABELS).filter((key) => key !== 'currency' && key !== 'amount_known');

const MONEY_FIELDS = new Set([
  'base_price',
  'total_amount',
  'price',
  'amount',
  'security_deposit',
  'taxable_value',
  'cgst',
  'sgst',
  'igst',
  'total',
  'extra_guest_fee',
  'cleaning_fee',
]);

const TEXT_LIMIT = 120;

function labelOf(key: string): string {
  return FIELD_LABELS[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');
}

/** Long text ends at a word, with an ellipsis: never in the middle of one. */
function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= TEXT_LIMIT) return flat;
  const cut = flat.slice(0, TEXT_LIMIT);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), TEXT_LIMIT / 2))}…`;
}

function sayAmount(value: unknown, currency: string | null): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  return currency ? formatMoney(moneyFromMajor(number, currency)) : number.toLocaleString('en-IN');
}

/** One value as a person reads it. */
export function sayAuditValue(key: string, value: unknown, currency: string | null = null): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (MONEY_FIELDS.has(key)) return sayAmount(value, currency);
  if (key === 'booking_source' && typeof value === 'string')
    return BOOKING_SOURCE_LABELS[value as BookingSource] ?? value;
  if (key === 'deposit_percent' && typeof value === 'number') return `${value}%`;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  // A moment (a session's expiry, a sync's time) at the villa, as every time in the product is shown.
  if (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) &&
    !Number.isNaN(Date.parse(value))
  )
    return formatVillaTime(value);
  if (typeof value === 'string') return shorten(key.endsWith('status') ? value.replace(/_/g, ' ') : value);
  if (typeof value === 'number') return value.toLocaleString('en-IN');
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const items = value.map((item) =>
      typeof item === 'object' && item !== null ? Object.values(item).join(' ') : String(item),
    );
    return shorten(
      items.length > 6 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', '),
    );
  }
  return 'changed';
}

const RULE_LABELS: Record<string, string> = {
  min_nights: 'Minimum stay (nights)',
  max_nights: 'Maximum stay (nights)',
  min_advance_days: 'Advance notice (days)',
  max_advance_days: 'Booking horizon (days)',
  guests_included: 'Guests included',
  extra_guest_fee: 'Each extra guest, per night',
  cleaning_fee: 'Cleaning fee',
  prices_include_tax: 'Prices include tax',
  note: 'Note',
};

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function byName(list: unknown): Map<string, Row> {
  return new Map((Array.isArray(list) ? list : []).filter(isRow).map((item) => [String(item.name), item]));
}

function describeSeason(season: Row, currency: string | null): string {
  const nights =
    season.price !== null && season.price !== undefined
      ? `${sayAmount(season.price, currency)} a night`
      : season.percent !== null && season.percent !== undefined
        ? `${Number(season.percent) > 0 ? '+' : ''}${String(season.percent)}% on the usual price`
        : 'usual price';
  const dates = `${sayAuditValue('start', season.start)} to ${sayAuditValue('end', season.end)}${season.repeats_yearly ? ', every year' : ''}`;
  const stay = season.min_nights ? `, at least ${String(season.min_nights)} nights` : '';
  return `${dates}, ${nights}${stay}`;
}

function describeTax(tax: Row, currency: string | null): string {
  const bands = Array.isArray(tax.bands) ? tax.bands.filter(isRow) : [];
  return bands
    .map((band) =>
      band.up_to === null || band.up_to === undefined
        ? `${String(band.rate)}%${bands.length > 1 ? ' above' : ''}`
        : `${String(band.rate)}% up to ${sayAmount(band.up_to, currency)}`,
    )
    .join(', ');
}

function describeFee(fee: Row, currency: string | null): string {
  return `${sayAmount(fee.amount, currency)} per ${String(fee.per)}`;
}

/** Named items of a list (seasons, taxes, fees) added, removed or changed, each in a line. */
function compareNamed(
  kind: string,
  before: unknown,
  after: unknown,
  describe: (item: Row) => string,
): string[] {
  const was = byName(before);
  const now = byName(after);
  const lines: string[] = [];
  for (const [name, item] of now) {
    const old = was.get(name);
    if (!old) lines.push(`${kind} "${name}" added: ${describe(item)}`);
    else if (JSON.stringify(old) !== JSON.stringify(item))
      lines.push(`${kind} "${name}": ${describe(old)} → ${describe(item)}`);
  }
  for (const name of was.keys()) if (!now.has(name)) lines.push(`${kind} "${name}" removed`);
  return lines;
}

/** A change of a property's pricing rules, rule by rule. */
export function describePricingChange(before: unknown, after: unknown, currency: string | null): string[] {
  const was = isRow(before) ? before : {};
  const now = isRow(after) ? after : {};
  const lines: string[] = [];
  const weekdaysBefore = Array.isArray(was.weekday_prices) ? was.weekday_prices : [];
  const weekdaysAfter = Array.isArray(now.weekday_prices) ? now.weekday_prices : [];
  WEEKDAYS.forEach((day, index) => {
    const old = weekdaysBefore[index] ?? null;
    const next = weekdaysAfter[index] ?? null;
    if (old !== next)
      lines.push(
        `${day} price: ${old === null ? 'base price' : sayAmount(old, currency)} → ${next === null ? 'base price' : sayAmount(next, currency)}`,
      );
  });
  for (const [key, label] of Object.entries(RULE_LABELS)) {
    if (JSON.stringify(was[key] ?? null) === JSON.stringify(now[key] ?? null)) continue;
    lines.push(
      `${label}: ${sayAuditValue(key, was[key], currency)} → ${sayAuditValue(key, now[key], currency)}`,
    );
  }
  lines.push(...compareNamed('Season', was.seasons, now.seasons, (item) => describeSeason(item, currency)));
  lines.push(...compareNamed('Tax', was.taxes, now.taxes, (item) => describeTax(item, currency)));
  lines.push(...compareNamed('Fee', was.fees, now.fees, (item) => describeFee(item, currency)));
  return lines;
}

/**
 * The lines of an event: for a change, each field with its value before and after; for a creation or a
 * removal, the few fields that say what it was.
 */
export function describeAuditEvent(event: {
  entity_type: string;
  action: 'insert' | 'update' | 'delete' | 'read';
  before: Row | null;
  after: Row | null;
  currency?: string | null;
}): string[] {
  const currency =
    event.currency ??
    (event.after?.currency as string | undefined) ??
    (event.before?.currency as string | undefined) ??
    null;
  if (event.entity_type === 'pricing_rules')
    return describePricingChange(event.before?.rules, event.after?.rules, currency);
  if (event.action === 'update') {
    return Object.keys(event.after ?? {})
      .filter((key) => !HIDDEN_FIELDS.has(key))
      .map(
        (key) =>
          `${labelOf(key)}: ${sayAuditValue(key, event.before?.[key], currency)} → ${sayAuditValue(key, event.after?.[key], currency)}`,
      );
  }
  // A reading (guests' ID details) is said like a creation: what was read, and why.
  const row = (event.action === 'delete' ? event.before : event.after) ?? {};
  const rank = (key: string) =>
    SUMMARY_ORDER.includes(key) ? SUMMARY_ORDER.indexOf(key) : SUMMARY_ORDER.length;
  const keys = Object.keys(row)
    .filter((key) => !HIDDEN_FIELDS.has(key) && key !== 'currency' && key !== 'amount_known')
    .filter((key) => row[key] !== null && row[key] !== '')
    .sort((a, b) => rank(a) - rank(b));
  const line = keys
    .slice(0, 8)
    .map((key) => `${labelOf(key)} ${sayAuditValue(key, row[key], currency)}`)
    .join(' · ');
  return line ? [line] : [];
}
