export { CalendarView } from './calendar-view';
