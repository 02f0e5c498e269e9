export { BookingPayments } from './booking-payments';
export { PaymentSettingsCard } from './payment-settings-card';
