export { GuestRequestView } from './guest-request-view';
