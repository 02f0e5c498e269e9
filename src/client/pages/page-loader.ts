/**
 * The one inline script of a painted page (prerendered or server-rendered): once the browser has painted
 * the page's content (its first contentful paint, then a frame and a task), and the HTML is parsed to its
 * end, it links the page's stylesheet and preloads its entry module; when the stylesheet has loaded (or
 * failed to), it imports the entry, which hydrates the page.
 *
 * The page paints from its inline critical CSS, so nothing else need be requested on the way to its first
 * and largest paint: a `<script type="module" src>` or a module preload in the HTML is fetched while the
 * page is still on its way there, and on a slow phone connection Lighthouse counted those requests on the
 * path to the largest paint. From here, nothing of the script or the stylesheet is requested before the
 * page is painted. What a module script in the HTML guaranteed is kept: the entry runs after the whole
 * HTML is parsed (a browser may paint before the end of the page, or of a server-rendered page's data,
 * has arrived), and after the stylesheet applies (the lazy sections' markup is not in the critical CSS,
 * and a link to a section measures the page). A failed stylesheet still lets the page hydrate.
 *
 * A browser without paint timing, or a page painted before the loader ran, loads at once (after a
 * frame). A page whose paint is not reported within 3 seconds loads then, so a browser that lists paint
 * timing but never reports it still gets a working page (the booking form is in the script); a page that
 * is not shown (a background tab, a page the browser prerenders) has no frame, so it still loads nothing
 * until it is shown.
 *
 * Inline, so the Content-Security-Policy allows it by its hash (the server adds the hash of exactly this
 * text to script-src; any change here changes the hash with it). `import()` stays held to script-src
 * 'self', so the text run elsewhere could only load the site's own modules.
 */
export const PAGE_LOADER_SCRIPT =
  '(function(script){' +
  'var data=script.dataset;' +
  'var start=function(){' +
  "var preload=document.createElement('link');preload.rel='modulepreload';preload.href=data.entry;" +
  "var link=document.createElement('link');link.rel='stylesheet';link.href=data.stylesheet;" +
  'link.onload=link.onerror=function(){import(data.entry)};' +
  'document.head.appendChild(preload);document.head.appendChild(link)};' +
  "var parsed=function(){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',start);else start()};" +
  'var loading=false;' +
  'var load=function(){if(loading)return;loading=true;requestAnimationFrame(function(){setTimeout(parsed,0)})};' +
  "var painted=function(){return performance.getEntriesByName('first-contentful-paint').length>0};" +
  'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;' +
  "if(!types||types.indexOf('paint')<0||painted())return load();" +
  'var observer=new PerformanceObserver(function(){if(painted()){observer.disconnect();load()}});' +
  "observer.observe({type:'paint',buffered:true});" +
  'setTimeout(load,3000)' +
  '})(document.currentScript)';

/** A built asset of the site's own, by its path (never another origin's, nor `//host/…`). */
const ASSET_PATH = /^\/assets\/[\w.-]+$/;

/** The loader for a page whose entry module is at `entry` and stylesheet at `stylesheet` (site paths). */
export function renderPageLoader({ entry, stylesheet }: { entry: string; stylesheet: string }): string {
  if (!ASSET_PATH.test(entry) || !entry.endsWith('.js')) throw new Error(`Not a module path: ${entry}`);
  if (!ASSET_PATH.test(stylesheet) || !stylesheet.endsWith('.css'))
    throw new Error(`Not a stylesheet path: ${stylesheet}`);
  return `<script data-entry="${entry}" data-stylesheet="${stylesheet}">${PAGE_LOADER_SCRIPT}</script>`;
}
