/**
 * The one inline script of a prerendered or server-rendered page: it loads the page's entry module once
 * the browser has painted the page's content (the first contentful paint, then one more frame).
 *
 * A `<script type="module" src>` or a module preload in the HTML is fetched while the page is still on
 * its way to its first and largest paint: on a slow phone connection those requests share the line with
 * the fonts and the hero, and Lighthouse counted them on the path to the largest paint (LCP 1.72 s against
 * 1.56 s for the same HTML without them). Loaded from here, nothing of the script is requested before the
 * page is painted.
 *
 * Inline, so the Content-Security-Policy allows it by its hash (the server adds the hash of exactly this
 * text to script-src; any change here changes the hash with it).
 */
export const PAGE_LOADER_SCRIPT =
  '(function(script){' +
  'var loaded=false;' +
  'var load=function(){if(loaded)return;loaded=true;' +
  'requestAnimationFrame(function(){setTimeout(function(){import(script.dataset.entry)},0)})};' +
  "var painted=function(){return performance.getEntriesByName('first-contentful-paint').length>0};" +
  'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;' +
  "if(!types||types.indexOf('paint')<0||painted())return load();" +
  'var observer=new PerformanceObserver(function(){if(painted()){observer.disconnect();load()}});' +
  "observer.observe({type:'paint',buffered:true});" +
  // A page whose markup its script renders (a server page served without its render bundle) has no
  // contentful paint to wait for.
  "document.addEventListener('DOMContentLoaded',function(){var root=document.getElementById('root');" +
  'if(!root||!root.firstElementChild){observer.disconnect();load()}})' +
  '})(document.currentScript)';

/** The loader for a page whose entry module is at `entry` (a path under the site's root). */
export function renderPageLoader(entry: string): string {
  if (!/^\/[\w./-]+\.js$/.test(entry)) throw new Error(`Not an entry module path: ${entry}`);
  return `<script data-entry="${entry}">${PAGE_LOADER_SCRIPT}</script>`;
}
