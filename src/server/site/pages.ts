import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip as gzipCallback, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { BusinessContact } from '../../domain/business-contact';
import { renderPageDataScript } from '../../client/pages/page-data';
import { findNotFoundPage, getPageFile, NOT_FOUND, PAGES } from '../../client/pages/registry';
import { isLanguage, type Language } from '../../domain/language-codes';

const HOME_PAGE = PAGES.find((page) => page.route === '/');

const FALLBACK_NOT_FOUND =
  '<!doctype html><html lang="en"><title>Page not found</title><h1>Oops! Page not found</h1><a href="/">Return to Home</a></html>';
const PLACEHOLDER_HOME =
  '<!doctype html><html lang="en"><title>Shanti Villa Retreat</title><h1>Where Peace Lives</h1><p>The site has not been built yet: run <code>npm run build</code>.</p></html>';

const HTML_CACHE = 'no-cache';
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const FILE_SUFFIXES: Record<Encoding, string> = { br: 'br', gzip: 'gz' };

/** A page's HTML and the compressed copies the build wrote beside it (for files of 1 KB or more). */
type PageBody = { html: string } & Partial<Record<Encoding, Buffer>>;

const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** What a server-rendered page is rendered with, for one request. */
export type PageLoader = {
  /** The page's data for this request, or undefined when there is none (a token that names no request: 404). */
  load(request: FastifyRequest): Promise<unknown>;
  /** Route options, e.g. a rate limit on a page that looks something up. */
  config?: RouteShorthandOptions['config'];
};

/** The build's render bundle (`dist/ssr/entry-server.js`), as far as the server uses it. */
type RenderBundle = {
  /** Every page's markup and head tags with these contact details (a bundle from before them has none). */
  renderPages?(contact?: BusinessContact): { file: string; render: string; html: string; head: string }[];
  renderServerPage(
    name: string,
    data: unknown,
    requested?: Language,
  ): { html: string; language: string; title: string };
};

/**
 * Serves the built client: each page of the page registry at its route (revalidated on every visit; a
 * server-rendered page rendered with what its loader finds, or the not-found page when it finds nothing),
 * hashed assets (cached for a year), other static files (revalidated), and the registry's not-found page
 * with a real 404 status.
 */
export async function registerSitePages(
  app: FastifyInstance,
  options: {
    clientDir?: string;
    loaders?: Record<string, PageLoader>;
    /**
     * The business's contact details as stored now, and a version that changes with them (null: none saved,
     * the build's defaults). The pages are rendered again when it changes.
     */
    loadContact?: () => Promise<{ contact: BusinessContact; version: string | null }>;
    /** How often a page view looks for a change another process saved (ms). */
    contactCheckMs?: number;
  },
) {
  // A build has the home page; without one the server still answers, with placeholders.
  const clientDir =
    options.clientDir && HOME_PAGE && existsSync(join(options.clientDir, getPageFile(HOME_PAGE)))
      ? options.clientDir
      : undefined;
  const readPage = (file: string): PageBody | undefined => {
    if (!clientDir || !existsSync(join(clientDir, file))) return undefined;
    const body: PageBody = { html: readFileSync(join(clientDir, file), 'utf8') };
    for (const encoding of ENCODINGS) {
      const path = join(clientDir, `${file}.${FILE_SUFFIXES[encoding]}`);
      if (existsSync(path)) body[encoding] = readFileSync(path);
    }
    return body;
  };
  // Every page's built HTML, read once; `bodies` holds what is served, the built pages rendered again with
  // the operator's contact details once they saved some.
  const builtBodies = new Map<string, PageBody>();
  for (const page of PAGES) {
    const body = readPage(getPageFile(page));
    if (body) builtBodies.set(getPageFile(page), body);
  }
  let bodies = builtBodies;
  const findBody = (file: string) => bodies.get(file);
  const notFoundBody = (path: string): PageBody => {
    const page = findNotFoundPage(path);
    return (page && findBody(getPageFile(page))) ?? { html: FALLBACK_NOT_FOUND };
  };
  // The build writes its render bundle beside the client (dist/ssr beside dist/client).
  const renderBundlePath = clientDir && join(dirname(clientDir), 'ssr', 'entry-server.js');
  const renderBundle =
    renderBundlePath && existsSync(renderBundlePath)
      ? ((await import(pathToFileURL(renderBundlePath).href)) as RenderBundle)
      : undefined;

  // Pages are sent compressed when the browser accepts it: the prerendered pages carry their critical CSS,
  // and every kilobyte of HTML is on the way to the first paint.
  const negotiator = new Negotiator({ supportedValues: [...ENCODINGS], cache: new Map() });
  /** Sends a built page (with its compressed copies) or a page rendered for this request (a string). */
  const sendHtml = (
    reply: FastifyReply,
    body: PageBody | string,
    status = 200,
    cacheControl = HTML_CACHE,
  ) => {
    reply
      .code(status)
      .header('cache-control', cacheControl)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const encoding = negotiator.negotiate(reply.request.headers['accept-encoding'] ?? '') as Encoding | null;
    const html = typeof body === 'string' ? body : body.html;
    // A page rendered again with new contact details is compressed here until its copies are ready.
    const compressed =
      encoding &&
      (typeof body === 'string'
        ? compressPage(body, encoding)
        : (body[encoding] ?? compressPage(html, encoding)));
    if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
    return reply.send(html);
  };

  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? HASHED_ASSET_CACHE : HTML_CACHE);
      },
    });
  }
  const contact = createContactRefresh({
    bundle: renderBundle,
    builtBodies,
    load: options.loadContact,
    checkMs: options.contactCheckMs ?? CONTACT_CHECK_MS,
    log: app.log,
    publish: (next) => {
      bodies = next;
    },
  });
  await contact.refresh();

  for (const page of PAGES) {
    const route = page.route;
    if (route === NOT_FOUND) continue;
    const file = getPageFile(page);
    const placeholder = route === '/' ? { html: PLACEHOLDER_HOME } : undefined;
    if (!findBody(file) && !placeholder) continue;
    const readBody = () => findBody(file) ?? placeholder!;
    if (page.render === 'server') {
      const loader = options.loaders?.[route];
      if (!loader) continue;
      app.get(route, { schema: { hide: true }, config: loader.config }, async (request, reply) => {
        contact.checkSoon();
        const body = readBody();
        const data = await loader.load(request);
        if (data === undefined) return sendHtml(reply, notFoundBody(request.url), 404);
        // `?lang=` shows the page in another language (the page's language switch); anything else is ignored.
        const requested = (request.query as { lang?: unknown }).lang;
        const rendered = renderBundle?.renderServerPage(
          page.name,
          data,
          isLanguage(requested) ? requested : undefined,
        );
        // Without a render bundle (a build from before there was one) the browser renders the page from
        // the same data: slower to paint, but the page works.
        // The language and title go in first, then the data, then the markup, so that nothing the data or
        // the markup holds can decide where anything lands.
        let html = body.html;
        if (rendered) {
          html = html
            .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(rendered.language)}"`)
            .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`);
        }
        html = html
          .replace('</body>', () => `${renderPageDataScript(data)}\n  </body>`)
          .replace('<!--app-html-->', () => rendered?.html ?? '');
        // The page shows one person's own data: no cache keeps it, and no search engine lists it.
        reply.header('x-robots-tag', 'noindex');
        return sendHtml(reply, html, 200, 'private, no-store');
      });
    } else {
      app.get(route, { schema: { hide: true } }, (_request, reply) => {
        contact.checkSoon();
        return sendHtml(reply, readBody());
      });
    }
    if (route !== '/') {
      // `/partnership/` → `/partnership`, keeping the query (and the parameters of a route that has them).
      app.get(`${route}/`, { schema: { hide: true } }, (request, reply) =>
        reply.redirect(request.url.replace(/\/(\?|$)/, '$1'), 301),
      );
    }
  }

  return {
    sendNotFoundPage: (reply: FastifyReply) => sendHtml(reply, notFoundBody(reply.request.url), 404),
    /** Renders the pages again if the contact details changed (after the operator saved them). */
    refreshContact: () => contact.refresh(),
  };
}

const CONTACT_CHECK_MS = 60_000;
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * The pages with the operator's contact details, without a build: the render bundle renders every page
 * twice, with the defaults the build used and with the details now stored, and each built page gets the
 * second's markup and head tags in place of the first's (the same strings the build wrote, so the critical
 * CSS, fonts and loader stay exactly as built). Compressed as the build does, off the main thread. Run at
 * start, after a change saved here, and (for a change another process saved) at most once a `checkMs` when
 * pages are asked for.
 */
function createContactRefresh(input: {
  bundle: RenderBundle | undefined;
  builtBodies: Map<string, PageBody>;
  load?: () => Promise<{ contact: BusinessContact; version: string | null }>;
  checkMs: number;
  log: FastifyBaseLogger;
  publish: (bodies: Map<string, PageBody>) => void;
}) {
  let version: string | null = null;
  let lastCheck = 0;
  let running: Promise<void> = Promise.resolve();

  // What the build rendered (with the defaults): rendered once, it never changes.
  let built: ReturnType<NonNullable<RenderBundle['renderPages']>> | undefined;

  /** The pages with these contact details: their HTML at once, their compressed copies once made. */
  function render(contact: BusinessContact) {
    const renderPages = input.bundle?.renderPages;
    if (!renderPages) return undefined;
    built ??= renderPages();
    const current = renderPages(contact);
    const next = new Map(input.builtBodies);
    const changed: string[] = [];
    for (const [index, before] of built.entries()) {
      const after = current[index]!;
      const body = input.builtBodies.get(before.file);
      if (!body) continue;
      let html = body.html;
      const swaps = [[before.head, after.head] as const];
      if (before.render === 'prerender') swaps.push([before.html, after.html] as const);
      let matched = true;
      for (const [from, to] of swaps) {
        if (from === to) continue;
        if (!html.includes(from)) matched = false;
        else html = html.replace(from, () => to);
      }
      if (!matched) {
        input.log.warn(
          { file: before.file },
          'the built page differs from its render: contact details not updated',
        );
        continue;
      }
      if (html === body.html) continue;
      next.set(before.file, { html });
      changed.push(before.file);
    }
    return { next, changed };
  }

  /** The build's compression (brotli 11, gzip 9), off the main thread; a second or two for every page. */
  async function compress(next: Map<string, PageBody>, files: string[]) {
    const compressed = new Map(next);
    for (const file of files) {
      const { html } = next.get(file)!;
      const [br, gz] = await Promise.all([
        brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip(html, { level: 9 }),
      ]);
      compressed.set(file, { html, br, gzip: gz });
    }
    return compressed;
  }

  async function run() {
    if (!input.load) return;
    lastCheck = Date.now();
    const loaded = await input.load();
    if (loaded.version === version) return;
    const rendered = render(loaded.contact);
    version = loaded.version;
    if (!rendered) return;
    input.publish(rendered.next);
    // Not waited for: meanwhile the pages are compressed as they are sent (fast settings). Published unless
    // a newer change was meanwhile.
    void compress(rendered.next, rendered.changed).then(
      (compressed) => {
        if (version === loaded.version) input.publish(compressed);
      },
      (error: unknown) => input.log.error({ err: error }, 'could not compress the pages'),
    );
  }

  const refresh = () => {
    running = running.then(run, run).catch((error: unknown) => {
      input.log.error({ err: error }, 'could not render the pages with the contact details');
    });
    return running;
  };
  return {
    refresh,
    checkSoon() {
      if (!input.load || Date.now() - lastCheck < input.checkMs) return;
      lastCheck = Date.now();
      void refresh();
    },
  };
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A page rendered for one request, compressed as it is sent: fast settings (brotli 5, gzip 6) take about
 * a millisecond for a page with its critical CSS, and still shrink it about five-fold.
 */
function compressPage(html: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 });
}
