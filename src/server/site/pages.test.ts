import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPageFile, NOT_FOUND, PAGES } from '../../client/pages/registry';
import { registerSitePages } from './pages';

/** A stand-in build: each registry page's HTML names the page, with the compressed copies the build writes. */
function writeBuild(clientDir: string) {
  for (const page of PAGES) {
    const file = join(clientDir, getPageFile(page));
    const html = `<!doctype html><title>${page.name}</title>${'<p>padding</p>'.repeat(100)}`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotliCompressSync(html));
    writeFileSync(`${file}.gz`, gzipSync(html));
  }
}

describe('serving the registry pages', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'villa-pages-'));
    writeBuild(dir);
    app = Fastify();
    const site = await registerSitePages(app, { clientDir: dir });
    app.setNotFoundHandler((_request, reply) => site.sendNotFoundPage(reply));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every route with its page, compressed as the browser accepts, and unknown routes with 404', async () => {
    for (const page of PAGES) {
      const url = page.route === NOT_FOUND ? '/no/such/page' : page.route.replace(/:\w+/g, 'value');
      const status = page.route === NOT_FOUND ? 404 : 200;
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode, page.name).toBe(status);
      expect(br.headers['content-encoding'], page.name).toBe('br');
      expect(br.headers.vary, page.name).toContain('accept-encoding');
      expect(br.headers['content-type'], page.name).toBe('text/html; charset=utf-8');
      expect(brotliDecompressSync(br.rawPayload).toString(), page.name).toContain(
        `<title>${page.name}</title>`,
      );

      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.statusCode, page.name).toBe(status);
      expect(gzip.headers['content-encoding'], page.name).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), page.name).toContain(`<title>${page.name}</title>`);

      for (const acceptEncoding of ['identity', 'br;q=0, gzip;q=0', undefined]) {
        const plain = await app.inject({
          url,
          headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
        });
        expect(plain.statusCode, page.name).toBe(status);
        expect(plain.headers['content-encoding'], `${page.name} ${acceptEncoding}`).toBeUndefined();
        expect(plain.body, page.name).toContain(`<title>${page.name}</title>`);
      }
    }
  });

  it('redirects a trailing slash to the route, keeping the query', async () => {
    const response = await app.inject({ url: '/partnership/?ref=mail' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/partnership?ref=mail');
  });
});
