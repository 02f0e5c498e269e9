/**
 * Where each endpoint of the API answers: its method and path (and, for a list answered a page at a
 * time, the header that counts every item), said here once. Each contract in this folder spreads its
 * route (`...messageRoutes.getGuestRequest`) and adds its schemas; the client calls an endpoint by its
 * route, so a page's bundle carries these few strings and not zod and the schemas, which a production
 * build does not need (the answers are checked only in development and tests, which load the contract
 * then). This module imports nothing at run time, and must stay so.
 */

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An endpoint's address: what a call needs to reach it. */
export type EndpointRoute = {
  readonly operationId: string;
  readonly method: EndpointMethod;
  /** The path with `:name` for each parameter, as the server's router reads it. */
  readonly path: string;
  /** A list answered a page at a time: the header that counts every matching item. */
  readonly totalCountHeader?: string;
};

type RouteSpec = Omit<EndpointRoute, 'operationId'>;
type Routes<Specs> = { readonly [Id in keyof Specs & string]: Specs[Id] & { readonly operationId: Id } };

/** A resource's routes, each named by its operationId. */
function defineRoutes<const Specs extends Record<string, RouteSpec>>(specs: Specs): Routes<Specs> {
  const routes: Record<string, EndpointRoute> = {};
  for (const [operationId, spec] of Object.entries(specs)) routes[operationId] = { operationId, ...spec };
  return routes as Routes<Specs>;
}

/** The endpoint's path with its parameters filled in (each percent-encoded). */
export function buildEndpointPath(route: EndpointRoute, params: Record<string, unknown> = {}): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${route.operationId} needs "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** The header that carries the number of all matching items, beside one page of them. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const bookingRequestRoutes = /* @__PURE__ */ defineRoutes({
  getAvailability: { method: 'GET', path: '/api/availability' },
  getQuote: { method: 'GET', path: '/api/quote' },
  requestBooking: { method: 'POST', path: '/api/booking-requests' },
});

export const bookingRoutes = /* @__PURE__ */ defineRoutes({
  listBookings: {
    method: 'GET',
    path: '/api/properties/:propertyId/bookings',
    totalCountHeader: TOTAL_COUNT_HEADER,
  },
  exportBookingsCsv: { method: 'GET', path: '/api/properties/:propertyId/bookings.csv' },
  searchBookings: { method: 'GET', path: '/api/bookings', totalCountHeader: TOTAL_COUNT_HEADER },
  exportSearchedBookingsCsv: { method: 'GET', path: '/api/bookings.csv' },
  createBooking: { method: 'POST', path: '/api/properties/:propertyId/bookings' },
  updateBooking: { method: 'PATCH', path: '/api/bookings/:bookingId' },
  quoteBookingChange: { method: 'GET', path: '/api/bookings/:bookingId/quote' },
  updateBookingStatus: { method: 'PATCH', path: '/api/bookings/:bookingId/status' },
  updatePaymentStatus: { method: 'PATCH', path: '/api/bookings/:bookingId/payment' },
  declinePendingRequests: { method: 'POST', path: '/api/bookings/:bookingId/decline-similar' },
});

export const calendarRoutes = /* @__PURE__ */ defineRoutes({
  getPropertyCalendar: { method: 'GET', path: '/api/properties/:propertyId/calendar' },
  updateCalendarDays: { method: 'PUT', path: '/api/properties/:propertyId/calendar' },
});

export const timelineRoutes = /* @__PURE__ */ defineRoutes({
  getTimeline: { method: 'GET', path: '/api/timeline' },
});

export const channelRoutes = /* @__PURE__ */ defineRoutes({
  listChannels: { method: 'GET', path: '/api/properties/:propertyId/channels' },
  createChannel: { method: 'POST', path: '/api/properties/:propertyId/channels' },
  updateChannel: { method: 'PATCH', path: '/api/channels/:channelId' },
  deleteChannel: { method: 'DELETE', path: '/api/channels/:channelId' },
  syncChannel: { method: 'POST', path: '/api/channels/:channelId/sync' },
  rotateExportUrl: { method: 'POST', path: '/api/properties/:propertyId/export-url' },
  listSyncConflicts: { method: 'GET', path: '/api/sync-conflicts' },
  resolveSyncConflict: { method: 'POST', path: '/api/sync-conflicts/:conflictId/resolve' },
  listChannelsNeedingAttention: { method: 'GET', path: '/api/channels/attention' },
  getCalendarExport: { method: 'GET', path: '/ical/:file' },
});

export const healthRoutes = /* @__PURE__ */ defineRoutes({
  getHealth: { method: 'GET', path: '/api/health' },
});

export const messageRoutes = /* @__PURE__ */ defineRoutes({
  listMessages: { method: 'GET', path: '/api/messages', totalCountHeader: TOTAL_COUNT_HEADER },
  getMessage: { method: 'GET', path: '/api/messages/:messageId' },
  resendMessage: { method: 'POST', path: '/api/messages/:messageId/resend' },
  getGuestRequest: { method: 'GET', path: '/api/requests/:token' },
  withdrawGuestRequest: { method: 'POST', path: '/api/requests/:token/withdraw' },
  getGuestInvoicePdf: { method: 'GET', path: '/api/requests/:token/invoices/:invoiceId/pdf' },
  listMessageTemplates: { method: 'GET', path: '/api/properties/:propertyId/message-templates' },
  updateMessageTemplate: { method: 'PUT', path: '/api/properties/:propertyId/message-templates/:kind' },
  previewMessageTemplate: {
    method: 'POST',
    path: '/api/properties/:propertyId/message-templates/:kind/preview',
  },
  sendMessageTemplateTest: {
    method: 'POST',
    path: '/api/properties/:propertyId/message-templates/:kind/test',
  },
  listScheduledMessages: { method: 'GET', path: '/api/bookings/:bookingId/scheduled-messages' },
  skipScheduledMessage: { method: 'POST', path: '/api/bookings/:bookingId/scheduled-messages/:kind/skip' },
  restoreScheduledMessage: {
    method: 'POST',
    path: '/api/bookings/:bookingId/scheduled-messages/:kind/restore',
  },
});

export const paymentRoutes = /* @__PURE__ */ defineRoutes({
  listPayments: { method: 'GET', path: '/api/bookings/:bookingId/payments' },
  recordPayment: { method: 'POST', path: '/api/bookings/:bookingId/payments' },
  refundPayment: { method: 'POST', path: '/api/bookings/:bookingId/refunds' },
  reconcileRefunds: { method: 'POST', path: '/api/bookings/:bookingId/refunds/reconcile' },
  voidPayment: { method: 'POST', path: '/api/bookings/:bookingId/payments/:entryId/void' },
  getPaymentSettings: { method: 'GET', path: '/api/properties/:propertyId/payment-settings' },
  updatePaymentSettings: { method: 'PUT', path: '/api/properties/:propertyId/payment-settings' },
  createPaymentLink: { method: 'POST', path: '/api/bookings/:bookingId/payment-link' },
  receiveRazorpayWebhook: { method: 'POST', path: '/api/webhooks/razorpay' },
});

export const pricingRoutes = /* @__PURE__ */ defineRoutes({
  getPricingRules: { method: 'GET', path: '/api/properties/:propertyId/pricing' },
  updatePricingRules: { method: 'PUT', path: '/api/properties/:propertyId/pricing' },
});

export const propertyRoutes = /* @__PURE__ */ defineRoutes({
  listProperties: { method: 'GET', path: '/api/properties' },
  createProperty: { method: 'POST', path: '/api/properties' },
  getDashboardStats: { method: 'GET', path: '/api/stats' },
  updateProperty: { method: 'PATCH', path: '/api/properties/:propertyId' },
});

export const reportRoutes = /* @__PURE__ */ defineRoutes({
  getDashboard: { method: 'GET', path: '/api/dashboard' },
  getReport: { method: 'GET', path: '/api/reports' },
  listOutstandingBalances: { method: 'GET', path: '/api/reports/outstanding-balances' },
  exportPaymentsCsv: { method: 'GET', path: '/api/reports/payments.csv' },
  getGstSummary: { method: 'GET', path: '/api/reports/gst' },
  listAuditEvents: { method: 'GET', path: '/api/audit-events' },
  getSampleData: { method: 'GET', path: '/api/sample-data' },
  removeSampleData: { method: 'DELETE', path: '/api/sample-data' },
});

export const sessionRoutes = /* @__PURE__ */ defineRoutes({
  signIn: { method: 'POST', path: '/api/session' },
  getSession: { method: 'GET', path: '/api/session' },
  signOut: { method: 'DELETE', path: '/api/session' },
  changePassword: { method: 'POST', path: '/api/account/password' },
  listSessions: { method: 'GET', path: '/api/sessions' },
  revokeSession: { method: 'DELETE', path: '/api/sessions/:sessionId' },
});

export const invoiceRoutes = /* @__PURE__ */ defineRoutes({
  listInvoices: { method: 'GET', path: '/api/invoices' },
  issueInvoice: { method: 'POST', path: '/api/bookings/:bookingId/invoices' },
  issueCreditNote: { method: 'POST', path: '/api/invoices/:invoiceId/credit-notes' },
  getInvoicePdf: { method: 'GET', path: '/api/invoices/:invoiceId/pdf' },
  exportInvoiceRegisterCsv: { method: 'GET', path: '/api/invoices/register.csv' },
});

export const checkInRoutes = /* @__PURE__ */ defineRoutes({
  getCheckIn: { method: 'GET', path: '/api/requests/:token/check-in' },
  submitCheckIn: { method: 'POST', path: '/api/requests/:token/check-in' },
  listGuestRegister: { method: 'GET', path: '/api/guest-register' },
  exportGuestRegisterCsv: { method: 'GET', path: '/api/guest-register.csv' },
  markFormCFiled: { method: 'POST', path: '/api/guest-register/:guestId/form-c' },
});

export const backupRoutes = /* @__PURE__ */ defineRoutes({
  listBackups: { method: 'GET', path: '/api/backups' },
  createBackup: { method: 'POST', path: '/api/backups' },
  downloadBackup: { method: 'GET', path: '/api/backups/:name' },
});

export const businessRoutes = /* @__PURE__ */ defineRoutes({
  getBusinessProfile: { method: 'GET', path: '/api/business-profile' },
  updateBusinessProfile: { method: 'PUT', path: '/api/business-profile' },
  getBusinessContact: { method: 'GET', path: '/api/business-contact' },
  updateBusinessContact: { method: 'PUT', path: '/api/business-contact' },
});
