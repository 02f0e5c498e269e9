import type { FastifyInstance } from 'fastify';
import { addDaysToDate, villaToday } from '../../domain/dates';
import { PRICING_PREVIEW_NIGHTS } from '../../domain/pricing';
import { listOperatorCalendarRows } from '../store/calendar';
import type { Db, Executor } from '../db/client';
import type { Property } from '../../domain/property';
import { findPricingRules, savePricingRules } from '../store/pricing-rules';
import { pricingEndpoints } from '../../domain/contracts/pricing';
import { registerEndpoint } from '../http/register-endpoint';
import { withRequestedProperty } from '../auth/operator-work';

export async function registerPricingRoutes(app: FastifyInstance, options: { db: Db; now?: () => Date }) {
  const readPricing = async (tx: Executor, property: Property) => {
    const today = villaToday(options.now?.());
    const rows = await listOperatorCalendarRows(tx, {
      propertyId: property.id,
      start: today,
      end: addDaysToDate(today, PRICING_PREVIEW_NIGHTS),
    });
    return {
      rules: await findPricingRules(tx, property.id),
      base_price: property.base_price,
      currency: property.currency,
      today,
      day_prices: rows.flatMap((row) => (row.price === null ? [] : [{ date: row.date, price: row.price }])),
    };
  };

  registerEndpoint(
    app,
    pricingEndpoints.getPricingRules,
    {
      summary: "A property's pricing rules (the defaults when none were saved), with what the preview needs",
    },
    (request) => withRequestedProperty(options.db, request, readPricing),
  );

  registerEndpoint(
    app,
    pricingEndpoints.updatePricingRules,
    {
      summary: "Replace a property's pricing rules; every later quote follows them, booked stays keep theirs",
    },
    (request) =>
      withRequestedProperty(options.db, request, async (tx, property) => {
        await savePricingRules(tx, { propertyId: property.id, rules: request.body });
        return readPricing(tx, property);
      }),
  );
}
