import { useCallback, useSyncExternalStore } from 'react';

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
 * The page's query string as state: a reload keeps it and the back button steps through it (the pages
 * have no router). `navigate` sets or removes parameters; `replace` changes the current history entry
 * instead of adding one (for typing, say).
 */
export function useUrlSearch() {
  const search = useSyncExternalStore(subscribe, readSearch, readServerSearch);
  const navigate = useCallback(
    (change: Record<string, string | null | undefined>, options: { replace?: boolean } = {}) => {
      const params = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(change)) {
        if (value === null || value === undefined || value === '') params.delete(key);
        else params.set(key, value);
      }
      const query = params.toString();
      const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
      if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      if (options.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
      for (const listener of listeners) listener();
    },
    [],
  );
  return { params: new URLSearchParams(search), navigate };
}
