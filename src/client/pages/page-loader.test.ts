import { describe, expect, it } from 'vitest';
import { PAGE_LOADER_SCRIPT, renderPageLoader } from './page-loader';

/**
 * Runs the loader's text against a stand-in browser: paint entries, a paint observer, frames, timers and
 * DOMContentLoaded are driven by the test, and the entry's import is recorded instead of made.
 */
function runLoader(options: { paintedAlready?: boolean; supportsPaint?: boolean; rootHasMarkup: boolean }) {
  let painted = options.paintedAlready ?? false;
  const observers: (() => void)[] = [];
  const queued: (() => void)[] = [];
  const contentLoaded: (() => void)[] = [];
  const imported: string[] = [];
  const window = {
    PerformanceObserver: Object.assign(
      function PerformanceObserver(this: object, callback: () => void) {
        observers.push(callback);
        return { observe: () => {}, disconnect: () => observers.splice(observers.indexOf(callback), 1) };
      },
      { supportedEntryTypes: options.supportsPaint === false ? ['mark'] : ['mark', 'paint'] },
    ),
  };
  const run = new Function(
    'window',
    'PerformanceObserver',
    'performance',
    'document',
    'requestAnimationFrame',
    'setTimeout',
    'loadEntry',
    // The loader's own text, with the dynamic import (which a Function body cannot stand in for) recorded.
    PAGE_LOADER_SCRIPT.replace('import(', 'loadEntry('),
  );
  run(
    window,
    window.PerformanceObserver,
    { getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{}] : []) },
    {
      currentScript: { dataset: { entry: '/assets/home-abc.js' } },
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'DOMContentLoaded') contentLoaded.push(listener);
      },
      getElementById: () => ({ firstElementChild: options.rootHasMarkup ? {} : null }),
    },
    (callback: () => void) => queued.push(callback),
    (callback: () => void) => queued.push(callback),
    (entry: string) => imported.push(entry),
  );
  const flush = () => {
    while (queued.length) queued.shift()!();
  };
  return {
    imported,
    flush,
    paint: () => {
      painted = true;
      for (const observer of [...observers]) observer();
    },
    finishParsing: () => contentLoaded.forEach((listener) => listener()),
  };
}

describe('the page loader', () => {
  it("imports a painted page's entry only after its first contentful paint, once", () => {
    const page = runLoader({ rootHasMarkup: true });
    page.finishParsing();
    page.flush();
    expect(page.imported).toEqual([]);
    page.paint();
    page.flush();
    expect(page.imported).toEqual(['/assets/home-abc.js']);
    page.paint();
    page.flush();
    expect(page.imported).toHaveLength(1);
  });

  it('imports at once when the page has painted already, or the browser does not report paints', () => {
    for (const options of [{ paintedAlready: true }, { supportsPaint: false }]) {
      const page = runLoader({ ...options, rootHasMarkup: true });
      page.flush();
      expect(page.imported, JSON.stringify(options)).toEqual(['/assets/home-abc.js']);
    }
  });

  it('does not wait for a paint on a page whose markup its script renders', () => {
    const page = runLoader({ rootHasMarkup: false });
    page.finishParsing();
    page.flush();
    expect(page.imported).toEqual(['/assets/home-abc.js']);
  });

  it('writes the loader for a module path only', () => {
    expect(renderPageLoader('/assets/home-abc.js')).toBe(
      `<script data-entry="/assets/home-abc.js">${PAGE_LOADER_SCRIPT}</script>`,
    );
    for (const entry of ['/assets/x.js" onload="alert(1)', 'https://elsewhere.example/x.js', '/assets/x.css'])
      expect(() => renderPageLoader(entry), entry).toThrow(/Not an entry module path/);
  });
});
