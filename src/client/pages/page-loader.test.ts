import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAGE_LOADER_SCRIPT, renderPageLoader } from './page-loader';

type FakeLink = { rel: string; href: string; onload?: () => void; onerror?: () => void };

/**
 * Runs the loader as a page would, in a context with just the browser APIs it uses: what it links and
 * imports, and when. The frame and timer queues, the paint, the end of parsing and the stylesheet's load
 * are played by hand.
 */
function runLoader({ paintTiming = true, paintedBefore = false, parsing = false } = {}) {
  const appended: FakeLink[] = [];
  const imported: string[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const delayed: (() => void)[] = [];
  const parsedListeners: (() => void)[] = [];
  let painted = paintedBefore;
  let observerCallback: (() => void) | undefined;
  class FakePerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['mark'];
    constructor(callback: () => void) {
      observerCallback = callback;
    }
    observe() {}
    disconnect() {
      observerCallback = undefined;
    }
  }
  const document = {
    readyState: parsing ? 'loading' : 'interactive',
    currentScript: { dataset: { entry: '/assets/home-abc.js', stylesheet: '/assets/styles-def.css' } },
    createElement: () => ({ rel: '', href: '' }),
    head: { appendChild: (link: FakeLink) => appended.push(link) },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'DOMContentLoaded') parsedListeners.push(listener);
    },
  };
  const context = vm.createContext({
    document,
    performance: {
      getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{}] : []),
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay = 0) => (delay > 0 ? delayed : timers).push(callback),
  });
  context.window = context;
  if (paintTiming || paintedBefore) context.PerformanceObserver = FakePerformanceObserver;
  // `import()` in a vm script needs a Node flag: the one call is routed to a recorder instead.
  context.recordImport = (specifier: string) => imported.push(specifier);
  const [before, after, ...more] = PAGE_LOADER_SCRIPT.split('import(');
  expect(more).toEqual([]);
  new vm.Script(`${before}recordImport(${after}`).runInContext(context);
  return {
    appended,
    imported,
    runQueues: () => {
      for (const queue of [frames, timers]) queue.splice(0).forEach((callback) => callback());
    },
    /** Time passes: the timers set for later run, then the frame and the task after them. */
    waitSeconds: () => {
      delayed.splice(0).forEach((callback) => callback());
      for (const queue of [frames, timers]) queue.splice(0).forEach((callback) => callback());
    },
    paint: () => {
      painted = true;
      observerCallback?.();
    },
    finishParsing: () => {
      document.readyState = 'interactive';
      parsedListeners.splice(0).forEach((listener) => listener());
    },
    stylesheet: () => appended.find((link) => link.rel === 'stylesheet'),
  };
}

const LINKED = [
  { rel: 'modulepreload', href: '/assets/home-abc.js' },
  { rel: 'stylesheet', href: '/assets/styles-def.css' },
];

describe('the page loader', () => {
  it('links the stylesheet after the first contentful paint, and imports the entry once it has loaded', () => {
    const page = runLoader();
    page.runQueues();
    expect(page.appended).toEqual([]);
    page.paint();
    expect(page.appended).toEqual([]); // not in the paint's own task: after the next frame
    page.runQueues();
    expect(page.appended).toMatchObject(LINKED);
    expect(page.imported).toEqual([]); // the stylesheet has not loaded yet
    page.stylesheet()!.onload!();
    expect(page.imported).toEqual(['/assets/home-abc.js']);
  });

  it('still imports the entry when the stylesheet fails to load', () => {
    const page = runLoader({ paintedBefore: true });
    page.runQueues();
    page.stylesheet()!.onerror!();
    expect(page.imported).toEqual(['/assets/home-abc.js']);
  });

  it('waits for the end of the HTML when the page is painted before it is parsed', () => {
    const page = runLoader({ parsing: true });
    page.paint();
    page.runQueues();
    expect(page.appended).toEqual([]);
    page.finishParsing();
    expect(page.appended).toMatchObject(LINKED);
  });

  it('loads after the next frame in a browser without paint timing, or when the page has painted already', () => {
    for (const options of [{ paintTiming: false }, { paintedBefore: true }]) {
      const page = runLoader(options);
      expect(page.appended, JSON.stringify(options)).toEqual([]);
      page.runQueues();
      expect(page.appended, JSON.stringify(options)).toMatchObject(LINKED);
      page.stylesheet()!.onload!();
      expect(page.imported, JSON.stringify(options)).toEqual(['/assets/home-abc.js']);
    }
  });

  it('loads after 3 seconds when paint timing is listed but the paint is never reported, and only once', () => {
    const page = runLoader();
    page.runQueues();
    expect(page.appended).toEqual([]);
    page.waitSeconds();
    expect(page.appended).toMatchObject(LINKED);
    page.paint(); // a paint reported late changes nothing
    page.runQueues();
    expect(page.appended).toHaveLength(2);
    page.stylesheet()!.onload!();
    expect(page.imported).toEqual(['/assets/home-abc.js']);
  });

  it("refuses anything but a path to the site's own module and stylesheet", () => {
    expect(renderPageLoader({ entry: '/assets/a.js', stylesheet: '/assets/b.css' })).toBe(
      `<script data-entry="/assets/a.js" data-stylesheet="/assets/b.css">${PAGE_LOADER_SCRIPT}</script>`,
    );
    for (const [entry, stylesheet] of [
      ['/assets/a.js" onload="x', '/assets/b.css'],
      ['https://example.com/a.js', '/assets/b.css'],
      ['//example.com/a.js', '/assets/b.css'],
      ['/assets/a.js', '//example.com/b.css'],
      ['/assets/a.js', '/assets/b.js'],
      ['/assets/a.css', '/assets/b.css'],
    ])
      expect(() => renderPageLoader({ entry: entry!, stylesheet: stylesheet! })).toThrow();
  });
});
