export { BookingInvoices, CreditNoteOffer } from './booking-invoices';
export { bookingInvoicesQuery } from './invoices-api';
export { findCreditableInvoice, formatInvoiceAmount } from './invoice-labels';
