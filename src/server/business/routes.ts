import type { FastifyInstance } from 'fastify';
import { businessEndpoints } from '../../domain/contracts/business';
import type { Db } from '../db/client';
import { registerEndpoint } from '../http/register-endpoint';
import { withSignedInOperator } from '../auth/operator-work';
import {
  findBusinessContact,
  findBusinessProfile,
  saveBusinessContact,
  saveBusinessProfile,
} from '../store/business';

export async function registerBusinessRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    /** Called once a change of the contact details is committed (the site's pages show them). */
    onContactChanged?: () => Promise<void>;
  },
) {
  registerEndpoint(
    app,
    businessEndpoints.getBusinessProfile,
    { summary: "The business behind the operator's invoices (the defaults while none is saved)" },
    (request) => withSignedInOperator(options.db, request, findBusinessProfile),
  );

  registerEndpoint(
    app,
    businessEndpoints.updateBusinessProfile,
    {
      summary:
        'Save the business profile: names, address, state, PAN, one GSTIN per state (each checked), invoice prefix, signatory',
    },
    (request) =>
      withSignedInOperator(options.db, request, async (tx, operatorId) => {
        await saveBusinessProfile(tx, operatorId, request.body);
        return findBusinessProfile(tx, operatorId);
      }),
  );

  registerEndpoint(
    app,
    businessEndpoints.getBusinessContact,
    {
      summary:
        'How guests reach the business: phone, e-mail, address, social account (the defaults while none is saved)',
    },
    (request) => withSignedInOperator(options.db, request, findBusinessContact),
  );

  registerEndpoint(
    app,
    businessEndpoints.updateBusinessContact,
    {
      summary:
        'Save the contact details the public site, the e-mails, the invoices and the structured data give; the site shows them at once',
    },
    async (request) => {
      const saved = await withSignedInOperator(options.db, request, async (tx, operatorId) => {
        await saveBusinessContact(tx, operatorId, request.body);
        return findBusinessContact(tx, operatorId);
      });
      // After the commit: the pages are rendered again from what is now stored.
      await options.onContactChanged?.();
      return saved;
    },
  );
}
