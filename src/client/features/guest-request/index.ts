export { GuestRequestView } from './guest-request-view';
export { guestRequestKeys } from './guest-request-api';
export { GUEST_REQUEST_TEXTS } from './guest-request-text';
