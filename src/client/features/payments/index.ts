export { BookingPayments } from './booking-payments';
export { PaymentSettingsCard } from './payment-settings-card';
export type { PaymentsDialogMode } from './payments-dialog';
export { DuplicateReferenceNotice, readDuplicateReference } from './duplicate-reference';
export { PAYMENT_METHOD_LABELS } from './payment-labels';
