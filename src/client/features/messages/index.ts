export { MessagesView } from './messages-view';
export { BookingSchedule } from './booking-schedule';
