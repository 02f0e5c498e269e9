export { BookingInvoices, CreditNoteOffer } from './booking-invoices';
export { InvoiceDisagreements } from './invoice-disagreements';
export { bookingInvoicesQuery } from './invoices-api';
export { findCreditableInvoice, formatInvoiceAmount } from './invoice-labels';
