export { AddBookingDialog } from './add-booking-dialog';
export { BOOKINGS_URL_PARAMETERS } from './booking-filters';
export { BookingsView } from './bookings-view';
export { PaymentBadge, SourceBadge, StatusBadge } from './booking-badges';
export { LapseCountdown } from './lapse-countdown';
