import type { FastifyInstance } from 'fastify';
import { businessEndpoints } from '../../domain/contracts/business';
import { getOperator } from '../auth/plugin';
import type { Db } from '../db/client';
import { withOperator } from '../db/with-operator';
import { registerEndpoint } from '../register-endpoint';
import { findBusinessProfile, saveBusinessProfile } from './queries';

export async function registerBusinessRoutes(app: FastifyInstance, options: { db: Db }) {
  registerEndpoint(
    app,
    businessEndpoints.getBusinessProfile,
    { summary: "The business behind the operator's invoices (the defaults while none is saved)" },
    (request) => {
      const operatorId = getOperator(request).id;
      return withOperator(options.db, operatorId, (tx) => findBusinessProfile(tx, operatorId));
    },
  );

  registerEndpoint(
    app,
    businessEndpoints.updateBusinessProfile,
    {
      summary:
        'Save the business profile: names, address, state, PAN, one GSTIN per state (each checked), invoice prefix, signatory',
    },
    (request) => {
      const operatorId = getOperator(request).id;
      return withOperator(options.db, operatorId, async (tx) => {
        await saveBusinessProfile(tx, operatorId, request.body);
        return findBusinessProfile(tx, operatorId);
      });
    },
  );
}
