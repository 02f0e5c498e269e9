/**
 * Lazily loaded sections change height when they load. Before scrolling to a section, every lazy
 * section is loaded, so the scroll lands where the section really is.
 */
const loaders = new Set<() => Promise<void>>();

export function registerLazySection(load: () => Promise<void>) {
  loaders.add(load);
  return () => {
    loaders.delete(load);
  };
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

export async function loadAllSections() {
  // allSettled: a section that failed to load must not stop the scroll to the others.
  await Promise.allSettled([...loaders].map((load) => load()));
  // Two frames: React commits the loaded sections, then the browser lays them out.
  await nextFrame();
  await nextFrame();
}

export function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Scrolls to a landing page section (smoothly unless reduced motion is asked for) and records the hash. */
export async function scrollToSection(id: string, { smooth = true, updateHash = true } = {}) {
  await loadAllSections();
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({
    behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'instant',
    block: 'start',
  });
  // Keyboard focus follows the reader to the section, so the next Tab starts there.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  if (updateHash && window.location.hash !== `#${id}`) window.history.pushState(null, '', `#${id}`);
}
