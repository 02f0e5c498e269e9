import { backupEndpoints } from './backups';
import { bookingRequestEndpoints } from './booking-requests';
import { bookingEndpoints } from './bookings';
import { businessEndpoints } from './business';
import { calendarEndpoints } from './calendar';
import { channelEndpoints } from './channels';
import { checkInEndpoints } from './check-in';
import type { Endpoint } from './endpoint';
import { healthEndpoints } from './health';
import { invoiceEndpoints } from './invoices';
import { messageEndpoints } from './messages';
import { paymentEndpoints } from './payments';
import { pricingEndpoints } from './pricing';
import { propertyEndpoints } from './properties';
import { reportEndpoints } from './reports';
import type { EndpointRoute } from './routes';
import { sessionEndpoints } from './session';
import { timelineEndpoints } from './timeline';

/**
 * Every endpoint's full contract, by operationId: what types a call made by route, and what checks its
 * answer in development and tests. Production client code must only import it lazily, behind that check,
 * so that the pages' bundles do not carry zod and the schemas.
 */
export const allEndpoints = {
  ...backupEndpoints,
  ...bookingRequestEndpoints,
  ...bookingEndpoints,
  ...businessEndpoints,
  ...calendarEndpoints,
  ...channelEndpoints,
  ...checkInEndpoints,
  ...healthEndpoints,
  ...invoiceEndpoints,
  ...messageEndpoints,
  ...paymentEndpoints,
  ...pricingEndpoints,
  ...propertyEndpoints,
  ...reportEndpoints,
  ...sessionEndpoints,
  ...timelineEndpoints,
};

type AllEndpoints = typeof allEndpoints;

/** The contract a route (or a contract passed as it is) stands for. */
export type ContractOf<Route extends EndpointRoute> = Route extends Endpoint
  ? Route
  : Route['operationId'] extends keyof AllEndpoints
    ? AllEndpoints[Route['operationId']]
    : never;

export function findEndpoint(operationId: string): Endpoint | undefined {
  return Object.hasOwn(allEndpoints, operationId)
    ? (allEndpoints as Record<string, Endpoint>)[operationId]
    : undefined;
}

export { findResponseSchema } from './endpoint';
