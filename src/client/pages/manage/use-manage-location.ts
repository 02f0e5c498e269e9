import { useCallback } from 'react';
import { MonthSchema } from '@/domain/fields';
import { useUrlSearch } from '@/client/lib/use-url-search';
import {
  findManagementView,
  MANAGEMENT_VIEWS,
  PROPERTY_LIST_PARAMETERS,
  type ManageChange,
  type ManageLocation,
} from './management-views';

/**
 * The selected view, property and month, kept in the query string so that a reload keeps them and the
 * back button steps through them.
 */
export function useManageLocation() {
  const { params, navigate: navigateSearch } = useUrlSearch();
  const view = params.get('view');
  const month = params.get('month');
  const location: ManageLocation = {
    view: findManagementView(view)?.view ?? 'dashboard',
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
          for (const { parameters } of MANAGEMENT_VIEWS) for (const key of parameters) next[key] = null;
      }
      if (change.propertyId !== undefined) {
        next.property = change.propertyId;
        // A list's filters and page belong to the property they were set on.
        if (change.propertyId !== current.get('property'))
          for (const key of PROPERTY_LIST_PARAMETERS) next[key] = null;
      }
      if (change.month !== undefined) next.month = change.month;
      Object.assign(next, change.viewParameters);
      navigateSearch(next);
    },
    [navigateSearch],
  );
  return { ...location, navigate };
}
