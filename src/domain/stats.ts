import type { Property } from './property';

export type DashboardStats = {
  totalProperties: number;
  averagePrice: number;
  totalCapacity: number;
  activeBookings: number;
};

/** The dashboard's four figures (spec section 2); active bookings come from the server's live count. */
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
