export { BookingRequestForm } from './booking-request-form';
