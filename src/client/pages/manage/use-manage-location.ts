import { useCallback } from 'react';
import { MonthSchema } from '@/domain/fields';
import { useUrlSearch } from '@/client/lib/use-url-search';

export const MANAGE_VIEWS = [
  'dashboard',
  'properties',
  'calendar',
  'bookings',
  'channels',
  'pricing',
  'reports',
  'messages',
  'account',
  'activity',
] as const;
export type ManageView = (typeof MANAGE_VIEWS)[number];

export type ManageLocation = { view: ManageView; propertyId: string | null; month: string | null };
/** A change of place, and optionally the new view's own parameters (a bookings filter, say). */
export type ManageChange = Partial<ManageLocation> & { viewParameters?: Record<string, string> };

/** Parameters that belong to one view, dropped when another view opens. */
const VIEW_PARAMETERS: Record<ManageView, string[]> = {
  dashboard: [],
  properties: [],
  calendar: ['month'],
  bookings: ['q', 'status', 'source', 'from', 'to', 'sort', 'page'],
  channels: [],
  pricing: [],
  reports: ['period', 'from', 'to', 'scope'],
  messages: [],
  account: [],
  activity: [],
};

/**
 * The selected view, property and month, kept in the query string so that a reload keeps them and the
 * back button steps through them.
 */
export function useManageLocation() {
  const { params, navigate: navigateSearch } = useUrlSearch();
  const view = params.get('view');
  const month = params.get('month');
  const location: ManageLocation = {
    view: (MANAGE_VIEWS as readonly string[]).includes(view ?? '') ? (view as ManageView) : 'dashboard',
    propertyId: params.get('property') || null,
    month: month && MonthSchema.safeParse(month).success ? month : null,
  };
  const navigate = useCallback(
    (change: ManageChange) => {
      const current = new URLSearchParams(window.location.search);
      const next: Record<string, string | null | undefined> = {};
      if (change.view !== undefined) {
        next.view = change.view === 'dashboard' ? null : change.view;
        // Another view's filters do not follow: its own start fresh unless the change keeps them.
        const previous = current.get('view') ?? 'dashboard';
        if (previous !== change.view)
          for (const parameters of Object.values(VIEW_PARAMETERS))
            for (const key of parameters) next[key] = null;
      }
      if (change.propertyId !== undefined) {
        next.property = change.propertyId;
        // A list's filters and page belong to the property they were set on.
        if (change.propertyId !== current.get('property'))
          for (const key of [...VIEW_PARAMETERS.bookings, ...VIEW_PARAMETERS.reports]) next[key] = null;
      }
      if (change.month !== undefined) next.month = change.month;
      Object.assign(next, change.viewParameters);
      navigateSearch(next);
    },
    [navigateSearch],
  );
  return { ...location, navigate };
}
