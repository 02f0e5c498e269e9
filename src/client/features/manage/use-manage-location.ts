import { useCallback, useSyncExternalStore } from 'react';
import { MonthSchema } from '@/domain/calendar';

export const MANAGE_VIEWS = ['dashboard', 'properties', 'calendar', 'bookings'] as const;
export type ManageView = (typeof MANAGE_VIEWS)[number];

export type ManageLocation = { view: ManageView; propertyId: string | null; month: string | null };

function parseLocation(search: string): ManageLocation {
  const params = new URLSearchParams(search);
  const view = params.get('view');
  const month = params.get('month');
  return {
    view: (MANAGE_VIEWS as readonly string[]).includes(view ?? '') ? (view as ManageView) : 'dashboard',
    propertyId: params.get('property') || null,
    month: month && MonthSchema.safeParse(month).success ? month : null,
  };
}

function toSearch(location: ManageLocation): string {
  const params = new URLSearchParams();
  if (location.view !== 'dashboard') params.set('view', location.view);
  if (location.propertyId) params.set('property', location.propertyId);
  if (location.month && location.view === 'calendar') params.set('month', location.month);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}
const readSearch = () => window.location.search;
const readServerSearch = () => '';

/**
 * The selected view, property and month, kept in the query string so that a reload keeps them and the
 * back button steps through them (there is no router in the management entry).
 */
export function useManageLocation() {
  const search = useSyncExternalStore(subscribe, readSearch, readServerSearch);
  const location = parseLocation(search);
  const navigate = useCallback((change: Partial<ManageLocation>, options: { replace?: boolean } = {}) => {
    const next = { ...parseLocation(window.location.search), ...change };
    const url = `${window.location.pathname}${toSearch(next)}${window.location.hash}`;
    if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    if (options.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    for (const listener of listeners) listener();
  }, []);
  return { ...location, navigate };
}
