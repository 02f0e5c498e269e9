import type { BookingSource } from '@/domain/booking';

/** One colour per booking source, the same wherever stays are drawn by source (charts, the timeline). */
export const SOURCE_COLOURS: Record<BookingSource, string> = {
  direct: '#2f4a3f',
  airbnb: '#c8504f',
  booking_com: '#2b5c9e',
  vrbo: '#3d8a83',
  other: '#8a7f72',
};
