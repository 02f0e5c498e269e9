/**
 * Runs `task` once the browser has painted the prerendered page's content. A public page's HTML is
 * complete before its script runs; hydrating after the first contentful paint keeps React's work, and
 * the download of its scripts, off the path to first and largest contentful paint (the page looks the
 * same either way, and links work before hydration).
 *
 * The first frame is not enough: while the fonts are in their block period, the first frames paint no
 * text, and scripts fetched from then on compete with the fonts and the hero for the network (on a slow
 * phone connection they pushed the largest paint, the hero's text, back by 150–250 ms).
 */
export function afterFirstPaint(task: () => void) {
  if (typeof requestAnimationFrame !== 'function') {
    task();
    return;
  }
  // A frame callback runs just before a paint; a task queued from it runs after that paint.
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(task, 0));
  const hasPainted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    afterNextPaint();
    return;
  }
  if (hasPainted()) {
    afterNextPaint();
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!hasPainted()) return;
    observer.disconnect();
    afterNextPaint();
  });
  observer.observe({ type: 'paint', buffered: true });
}
