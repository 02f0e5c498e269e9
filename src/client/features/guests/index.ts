export { FormCDeadlines } from './form-c-deadlines';
export { GuestsView } from './guests-view';
