/**
 * Runs `task` once the browser has painted the prerendered page. A public page's HTML is complete before
 * its script runs; hydrating after the first paint keeps React's work off the path to first and largest
 * contentful paint (the page looks the same either way, and links work before hydration).
 */
export function afterFirstPaint(task: () => void) {
  if (typeof requestAnimationFrame !== 'function') {
    task();
    return;
  }
  // A frame callback runs just before a paint; a task queued from it runs after that paint.
  requestAnimationFrame(() => setTimeout(task, 0));
}
