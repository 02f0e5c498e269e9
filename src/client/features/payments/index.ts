export { BookingPayments } from './booking-payments';
export { PaymentSettingsCard } from './payment-settings-card';
export type { PaymentsDialogMode } from './payments-dialog';
