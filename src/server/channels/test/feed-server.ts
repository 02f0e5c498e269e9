import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FeedRoute =
  | { kind: 'calendar'; body: string; etag?: string; contentType?: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'html' }
  | { kind: 'hang' }
  | { kind: 'huge'; bytes: number; declareLength?: boolean }
  | { kind: 'redirect'; location: string; status?: number };

/**
 * A loopback HTTP server that serves channel feeds to the tests, and counts what it was asked: requests
 * per path and the most that were in flight at once (to see that a sync runs once at a time).
 */
export async function startFeedServer(options: { host?: string; delayMs?: number } = {}) {
  const routes = new Map<string, FeedRoute>();
  const requests = new Map<string, number>();
  const inFlight = new Map<string, number>();
  const maxInFlight = new Map<string, number>();
  const conditional: string[] = [];
  const open = new Set<ServerResponse>();

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
    maxInFlight.set(path, Math.max(maxInFlight.get(path) ?? 0, inFlight.get(path)!));
    response.on('close', () => inFlight.set(path, (inFlight.get(path) ?? 1) - 1));
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no such feed');
      return;
    }
    switch (route.kind) {
      case 'calendar': {
        if (route.etag && request.headers['if-none-match'] === route.etag) {
          conditional.push(path);
          response.writeHead(304, { etag: route.etag }).end();
          return;
        }
        response
          .writeHead(200, {
            'content-type': route.contentType ?? 'text/calendar; charset=utf-8',
            ...(route.etag ? { etag: route.etag } : {}),
          })
          .end(route.body);
        return;
      }
      case 'status':
        response.writeHead(route.status, { 'content-type': 'text/plain' }).end(route.body ?? 'error');
        return;
      case 'html':
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            '<!doctype html><html><head><title>Sign in</title></head><body><h1>Please sign in</h1></body></html>',
          );
        return;
      case 'hang':
        open.add(response);
        return;
      case 'redirect':
        response.writeHead(route.status ?? 302, { location: route.location }).end();
        return;
      case 'huge': {
        response.writeHead(200, {
          'content-type': 'text/calendar',
          ...(route.declareLength ? { 'content-length': String(route.bytes) } : {}),
        });
        const chunk = Buffer.alloc(64 * 1024, 'X');
        let sent = 0;
        const write = () => {
          while (sent < route.bytes) {
            sent += chunk.length;
            if (!response.write(chunk)) {
              response.once('drain', write);
              return;
            }
          }
          response.end();
        };
        response.write('BEGIN:VCALENDAR\r\nX-PADDING:');
        write();
        return;
      }
    }
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    set(path: string, route: FeedRoute) {
      routes.set(path, route);
    },
    requests: (path: string) => requests.get(path) ?? 0,
    maxInFlight: (path: string) => maxInFlight.get(path) ?? 0,
    conditionalHits: (path: string) => conditional.filter((item) => item === path).length,
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;
