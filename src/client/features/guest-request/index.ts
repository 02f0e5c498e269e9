export { GuestRequestView } from './guest-request-view';
export { guestRequestKeys } from './guest-request-api';
