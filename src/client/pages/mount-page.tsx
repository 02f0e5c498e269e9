import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** Hydrates the prerendered page, or renders it when there is no markup (the dev server). */
export function mountPage(page: ReactNode) {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const app = <StrictMode>{page}</StrictMode>;
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
