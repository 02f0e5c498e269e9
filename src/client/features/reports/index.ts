export { ReportsView } from './reports-view';
