import { format, parseISO } from 'date-fns';
import type { BookingSource } from '@/domain/booking';

const SOURCE_LABELS: Record<BookingSource, string> = {
  direct: 'Direct',
  airbnb: 'Airbnb',
  booking_com: 'Booking.com',
};

export function formatSource(source: string): string {
  return SOURCE_LABELS[source as BookingSource] ?? source;
}

export function formatStatus(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** 1234.5 → "1,234.50"; whole amounts without decimals. */
export function formatAmount(amount: number): string {
  return amount.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

export function formatMoney(currency: string, amount: number): string {
  return `${currency} ${formatAmount(amount)}`;
}

/** A calendar date (yyyy-MM-dd) as "Nov 22, 2026". */
export function formatDate(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'MMM d, yyyy');
}

/** A short calendar date: "Nov 22". */
export function formatShortDate(date: string): string {
  return format(parseISO(date.slice(0, 10)), 'MMM d');
}

/** A timestamp (ISO) as a local date: "Nov 22, 2026". */
export function formatTimestampDate(timestamp: string): string {
  return format(new Date(timestamp), 'MMM d, yyyy');
}

export function formatMonthTitle(month: string): string {
  return format(parseISO(`${month}-01`), 'MMMM yyyy');
}
