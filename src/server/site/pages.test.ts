import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPageFile, NOT_FOUND, PAGES } from '../../client/pages/registry';
import { registerSitePages, type PageLoader } from './pages';

/**
 * A stand-in build: each registry page's HTML names the page, with the compressed copies the build writes
 * and, for a server-rendered page, the placeholder its markup goes in; and a render bundle beside it that
 * renders a page's data as a paragraph.
 */
function writeBuild(buildDir: string) {
  const clientDir = join(buildDir, 'client');
  for (const page of PAGES) {
    const file = join(clientDir, getPageFile(page));
    const html = `<!doctype html><html lang="${page.language ?? 'en'}"><title>${page.name}</title><div id="root"><!--app-html--></div>${'<p>padding</p>'.repeat(100)}</body>`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html));
  }
  mkdirSync(join(buildDir, 'ssr'));
  writeFileSync(
    join(buildDir, 'ssr', 'entry-server.js'),
    // The page shows in the language its data records, or the one asked for.
    `export const renderServerPage = (name, data, requested) => {
      const language = requested ?? data.language;
      return { html: '<p>' + name + ' for ' + data.name.replace(/</g, '&lt;') + '</p>', language, title: name + ' in ' + language };
    };`,
  );
  return clientDir;
}

/** The request page's loader, as the server's: data for the token `known`, none for any other. */
const requestPageLoader: PageLoader = {
  load: async (request) =>
    (request.params as { token: string }).token === 'known'
      ? { name: 'Asha </script><b>', language: 'mr' }
      : undefined,
};

describe('serving the registry pages', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'villa-pages-'));
    const clientDir = writeBuild(dir);
    app = Fastify();
    const site = await registerSitePages(app, {
      clientDir,
      loaders: { '/request/:token': requestPageLoader },
    });
    app.setNotFoundHandler((_request, reply) => site.sendNotFoundPage(reply));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every route with its page, compressed as the browser accepts, and unknown routes with 404', async () => {
    for (const page of PAGES) {
      const url =
        page.route === NOT_FOUND
          ? `${page.language ? `/${page.language}` : ''}/no/such/page`
          : page.route.replace(/:\w+/g, 'known');
      const status = page.route === NOT_FOUND ? 404 : 200;
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode, page.name).toBe(status);
      expect(br.headers['content-encoding'], page.name).toBe('br');
      expect(br.headers.vary, page.name).toContain('accept-encoding');
      expect(br.headers['content-type'], page.name).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(br.rawPayload).toString(), page.name).toContain(`<title>${page.name}`);

      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.statusCode, page.name).toBe(status);
      expect(gzip.headers['content-encoding'], page.name).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), page.name).toContain(`<title>${page.name}`);

      for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0', undefined]) {
        const plain = await app.inject({
          url,
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        });
        expect(plain.statusCode, page.name).toBe(status);
        expect(plain.headers['content-encoding'], `${page.name} ${acceptEncoding}`).toBeUndefined();
        expect(plain.body, page.name).toContain(`<title>${page.name}`);
      }
    }
  });

  it("renders a server-rendered page with its loader's data, for no cache, and answers 404 without data", async () => {
    const response = await app.inject({ url: '/request/known', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<div id="root"><p>request for Asha &lt;/script>&lt;b></p></div>');
    // The data for the page's script: inert JSON that no value can break out of, read back whole.
    const script = html.match(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/);
    expect(script?.[1]).not.toContain('<');
    // (A script element's text is its raw content, which the page's script parses as JSON.)
    expect(JSON.parse(script![1]!)).toEqual({ name: 'Asha </script><b>', language: 'mr' });

    const unknown = await app.inject({ url: '/request/unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>not-found</title>');
    expect(unknown.body).not.toContain('page-data');
  });

  it("writes a server-rendered page's language and title: the one its data records, or a known `?lang=`", async () => {
    const recorded = await app.inject({ url: '/request/known' });
    expect(recorded.body).toContain('<html lang="mr"><title>request in mr</title>');
    const asked = await app.inject({ url: '/request/known?lang=hi' });
    expect(asked.body).toContain('<html lang="hi"><title>request in hi</title>');
    // What the page shows, not what it holds: the data is the same.
    expect(asked.body).toContain('"language":"mr"');
    for (const lang of ['xx', 'HI', '', 'en-GB']) {
      const ignored = await app.inject({ url: `/request/known?lang=${lang}` });
      expect(ignored.body, lang).toContain('<html lang="mr">');
    }
  });

  it('answers an unknown path with the not-found page of its language prefix, else the English one', async () => {
    for (const [url, name] of [
      ['/hi/nothing-here', 'not-found-hi'],
      ['/mr/a/b?c=d', 'not-found-mr'],
      ['/hindi', 'not-found'],
      ['/nothing/hi', 'not-found'],
      ['/request/unknown', 'not-found'],
    ]) {
      const response = await app.inject({ url: url! });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain(`<title>${name}</title>`);
    }
  });

  it('redirects a trailing slash to the route, keeping the query', async () => {
    const response = await app.inject({ url: '/partnership/?ref=mail' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/partnership?ref=mail');
  });
});
