import type { FastifyInstance } from 'fastify';
import { villaToday } from '../../domain/dates';
import { propertyEndpoints } from '../../domain/contracts/properties';
import { computeDashboardStats } from '../../domain/stats';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { isRowLevelSecurityError } from '../db/errors';
import { withOperator } from '../db/with-operator';
import { DomainError } from '../../domain/domain-error';
import { registerEndpoint } from '../http/register-endpoint';
import {
  countActiveBookings,
  insertProperty,
  listActiveProperties,
  PROPERTY_NOT_FOUND,
  updateProperty,
} from '../store/properties';

export const CREATE_PROPERTY_FORBIDDEN_MESSAGE =
  "You don't have permission to create properties. Please check your authentication.";

export async function registerPropertyRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  const now = options.now ?? (() => new Date());

  registerEndpoint(
    app,
    propertyEndpoints.listProperties,
    { summary: "The operator's active properties, oldest first" },
    (request) => withOperator(options.db, getOperator(request).id, (tx) => listActiveProperties(tx)),
  );

  registerEndpoint(
    app,
    propertyEndpoints.createProperty,
    { summary: 'Create a property; numbers are coerced, amenities may be comma-separated text' },
    async (request, reply) => {
      const operator = getOperator(request);
      try {
        const property = await withOperator(options.db, operator.id, (tx) =>
          insertProperty(tx, { ...request.body, owner_id: operator.id }),
        );
        return reply.code(201).send(property);
      } catch (error) {
        // The database's row-level security refused the row: an operator may create properties only as theirs.
        if (isRowLevelSecurityError(error)) {
          throw new DomainError('property_creation_forbidden', CREATE_PROPERTY_FORBIDDEN_MESSAGE);
        }
        throw error;
      }
    },
  );

  registerEndpoint(
    app,
    propertyEndpoints.getDashboardStats,
    { summary: "The dashboard's four figures, with a live count of active bookings" },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const [list, activeBookings] = [
          await listActiveProperties(tx),
          await countActiveBookings(tx, villaToday(now())),
        ];
        return computeDashboardStats(list, activeBookings);
      }),
  );

  registerEndpoint(
    app,
    propertyEndpoints.updateProperty,
    { summary: 'Edit a property; { "is_active": false } deactivates it (its bookings stay)' },
    (request) =>
      withOperator(options.db, getOperator(request).id, async (tx) => {
        const updated = await updateProperty(tx, request.params.propertyId, request.body);
        if (!updated) throw new DomainError('property_not_found', PROPERTY_NOT_FOUND);
        return updated;
      }),
  );
}
