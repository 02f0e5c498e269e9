import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { getPageFile, NOT_FOUND, PAGES } from '../../client/pages/registry';

const NOT_FOUND_PAGE = PAGES.find((page) => page.route === NOT_FOUND);
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

/**
 * Serves the built client: each page of the page registry at its route (revalidated on every visit),
 * hashed assets (cached for a year), other static files (revalidated), and the registry's not-found page
 * with a real 404 status.
 */
export type PageGuard = {
  /** Whether the page exists for this request (a guest's request page for a token that names none: 404). */
  exists(request: FastifyRequest): Promise<boolean>;
  /** Route options, e.g. a rate limit on a page that looks something up. */
  config?: RouteShorthandOptions['config'];
};

export async function registerSitePages(
  app: FastifyInstance,
  options: { clientDir?: string; guards?: Record<string, PageGuard> },
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
  const notFoundBody = (NOT_FOUND_PAGE && readPage(getPageFile(NOT_FOUND_PAGE))) ?? {
    html: FALLBACK_NOT_FOUND,
  };

  // Pages are sent compressed when the browser accepts it: the prerendered pages carry their critical CSS,
  // and every kilobyte of HTML is on the way to the first paint.
  const negotiator = new Negotiator({ supportedValues: [...ENCODINGS], cache: new Map() });
  const sendHtml = (reply: FastifyReply, body: PageBody, status = 200) => {
    reply
      .code(status)
      .header('cache-control', HTML_CACHE)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const encoding = negotiator.negotiate(reply.request.headers['accept-encoding'] ?? '') as Encoding | null;
    const compressed = encoding ? body[encoding] : undefined;
    if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
    return reply.send(body.html);
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
  for (const page of PAGES) {
    const route = page.route;
    if (route === NOT_FOUND) continue;
    const body = readPage(getPageFile(page)) ?? (route === '/' ? { html: PLACEHOLDER_HOME } : undefined);
    if (!body) continue;
    const guard = options.guards?.[route];
    if (guard) {
      app.get(route, { schema: { hide: true }, config: guard.config }, async (request, reply) =>
        (await guard.exists(request)) ? sendHtml(reply, body) : sendHtml(reply, notFoundBody, 404),
      );
    } else {
      app.get(route, { schema: { hide: true } }, (_request, reply) => sendHtml(reply, body));
    }
    if (route !== '/') {
      // `/partnership/` → `/partnership`, keeping the query (and the parameters of a route that has them).
      app.get(`${route}/`, { schema: { hide: true } }, (request, reply) =>
        reply.redirect(request.url.replace(/\/(\?|$)/, '$1'), 301),
      );
    }
  }

  return {
    sendNotFoundPage: (reply: FastifyReply) => sendHtml(reply, notFoundBody, 404),
  };
}
