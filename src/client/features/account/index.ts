export { AccountView } from './account-view';
export { businessProfileQuery } from './account-api';
