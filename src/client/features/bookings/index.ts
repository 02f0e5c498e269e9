export { BookingsView } from './bookings-view';
export { PaymentBadge, SourceBadge, StatusBadge } from './booking-badges';
