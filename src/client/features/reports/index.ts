export { ReportsView, REPORTS_URL_PARAMETERS } from './reports-view';
