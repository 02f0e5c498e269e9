import { z } from 'zod';
import type { Property } from './property';

export const DashboardStatsSchema = z.object({
  totalProperties: z.number().int(),
  averagePrice: z.number().int(),
  totalCapacity: z.number().int(),
  activeBookings: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** The dashboard's four figures; active bookings come from the server's live count. */
export function computeDashboardStats(
  properties: readonly Pick<Property, 'base_price' | 'max_guests' | 'is_active'>[],
  activeBookings: number,
): DashboardStats {
  const active = properties.filter((property) => property.is_active);
  const totalPrice = active.reduce((sum, property) => sum + property.base_price, 0);
  return {
    totalProperties: active.length,
    averagePrice: active.length === 0 ? 0 : Math.round(totalPrice / active.length),
    totalCapacity: active.reduce((sum, property) => sum + property.max_guests, 0),
    activeBookings,
  };
}
