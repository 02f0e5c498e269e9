import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Routes with a page of their own, and the prerendered HTML file that answers each. */
export const PAGE_FILES: Record<string, string> = {
  '/': 'index.html',
  '/partnership': 'partnership/index.html',
  '/villa-management': 'villa-management/index.html',
};
export const NOT_FOUND_FILE = '404.html';

const FALLBACK_NOT_FOUND =
  '<!doctype html><html lang="en"><title>Page not found</title><h1>Oops! Page not found</h1><a href="/">Return to Home</a></html>';
const PLACEHOLDER_HOME =
  '<!doctype html><html lang="en"><title>Shanti Villa Retreat</title><h1>Where Peace Lives</h1><p>The site has not been built yet: run <code>npm run build</code>.</p></html>';

const HTML_CACHE = 'no-cache';
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built client: prerendered pages (revalidated on every visit), hashed assets (cached for a
 * year), other static files (revalidated), and the 404 page with a real 404 status.
 */
export async function registerSitePages(app: FastifyInstance, options: { clientDir?: string }) {
  const clientDir =
    options.clientDir && existsSync(join(options.clientDir, 'index.html')) ? options.clientDir : undefined;
  const readPage = (file: string) =>
    clientDir && existsSync(join(clientDir, file)) ? readFileSync(join(clientDir, file), 'utf8') : undefined;
  const notFoundHtml = readPage(NOT_FOUND_FILE) ?? FALLBACK_NOT_FOUND;

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('cache-control', HTML_CACHE).type('text/html; charset=utf-8').send(html);

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
  for (const [route, file] of Object.entries(PAGE_FILES)) {
    const html = readPage(file) ?? (route === '/' ? PLACEHOLDER_HOME : undefined);
    if (!html) continue;
    app.get(route, { schema: { hide: true } }, (_request, reply) => sendHtml(reply, html));
    if (route !== '/') {
      app.get(`${route}/`, { schema: { hide: true } }, (_request, reply) => reply.redirect(route, 301));
    }
  }

  return {
    sendNotFoundPage: (reply: FastifyReply) => sendHtml(reply, notFoundHtml, 404),
  };
}
