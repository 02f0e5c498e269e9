import { z } from 'zod';
import { MINOR_PER_MAJOR, scaleMinor, type MinorUnits } from './money';
import type { Property } from './property';

export const DashboardStatsSchema = z.object({
  totalProperties: z.number().int(),
  averagePrice: z
    .number()
    .int()
    .describe('Average base price of the active properties, whatever their currency'),
  averagePrices: z
    .array(
      z.object({
        currency: z.string(),
        average: z.number().int(),
        properties: z.number().int(),
      }),
    )
    .describe('The average base price per currency, the most used currency first'),
  totalCapacity: z.number().int(),
  activeBookings: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** The average of base prices (minor units, as properties hold them), to the whole rupee or dirham. */
function averageBasePrice(prices: readonly MinorUnits[]): number {
  if (prices.length === 0) return 0;
  const totalMinor = prices.reduce((sum, minor) => sum + minor, 0);
  return scaleMinor(totalMinor, 1, prices.length * MINOR_PER_MAJOR);
}

/**
 * The dashboard's four figures; active bookings come from the server's live count. Rupees and dirhams
 * are not added together: the average is also given per currency, which is what the dashboard shows.
 */
export function computeDashboardStats(
  properties: readonly Pick<Property, 'base_price' | 'max_guests' | 'is_active' | 'currency'>[],
  activeBookings: number,
): DashboardStats {
  const active = properties.filter((property) => property.is_active);
  const byCurrency = new Map<string, MinorUnits[]>();
  for (const property of active) {
    byCurrency.set(property.currency, [...(byCurrency.get(property.currency) ?? []), property.base_price]);
  }
  return {
    totalProperties: active.length,
    averagePrice: averageBasePrice(active.map((property) => property.base_price)),
    averagePrices: [...byCurrency]
      .map(([currency, prices]) => ({
        currency,
        average: averageBasePrice(prices),
        properties: prices.length,
      }))
      .sort((a, b) => b.properties - a.properties || a.currency.localeCompare(b.currency)),
    totalCapacity: active.reduce((sum, property) => sum + property.max_guests, 0),
    activeBookings,
  };
}
