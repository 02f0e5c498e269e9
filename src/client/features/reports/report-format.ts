import { format, parseISO } from 'date-fns';

export function formatMonthShort(month: string): string {
  return format(parseISO(`${month}-01`), 'MMM yyyy');
}

/** 0.1379 → "13.8%"; no figure (nothing available) → "—". */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
