export { AccountView } from './account-view';
