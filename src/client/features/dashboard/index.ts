export { DashboardView } from './dashboard-view';
