import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's markup and while React hydrates it, true from the render after: a painted page
 * shows its script-free controls (a `<details>` menu, a plain form) until its script can run the richer
 * ones, with no mismatch between the two renders.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
