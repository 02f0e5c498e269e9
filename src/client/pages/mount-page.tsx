import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** Hydrates the prerendered page, or renders it when there is no markup (the dev server). */
export function mountPage(page: ReactNode) {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const app = <StrictMode>{page}</StrictMode>;
  if (container.firstElementChild) {
    // As a transition, hydration yields to the browser every few milliseconds instead of running as one
    // long task (Lighthouse counts such a task as blocking time). The page is already painted and its
    // links work, so nothing waits for it; React hydrates the rest at once if the visitor interacts.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else createRoot(container).render(app);
}
