import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@/domain/contracts/endpoint';
import { healthRoutes } from '@/domain/contracts/routes';
import { ApiError, callEndpoint, callEndpointPage, ResponseContractError } from './api-client';

const ThingSchema = z.object({ name: z.string(), count: z.number().int() });
const updateThing = defineEndpoint({
  operationId: 'updateThing',
  method: 'PATCH',
  path: '/api/places/:placeId/things/:name',
  tags: ['test'],
  session: true,
  params: z.object({ placeId: z.string(), name: z.string() }),
  query: z.object({ dry_run: z.string().optional(), note: z.string().optional() }),
  body: z.object({ count: z.number() }),
  responses: { 200: ThingSchema, 404: z.object({ error: z.object({ message: z.string() }) }) },
});
const listThings = defineEndpoint({
  operationId: 'listThings',
  method: 'GET',
  path: '/api/things',
  tags: ['test'],
  session: true,
  totalCountHeader: 'x-total-count',
  responses: { 200: z.array(ThingSchema) },
});

function answerWith(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchSpy = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
  );
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callEndpoint', () => {
  it("sends the contract's method to its path with the parameters encoded and the query's set values", async () => {
    const fetchSpy = answerWith(200, { name: 'a b', count: 3 });
    const answer = await callEndpoint(updateThing, {
      params: { placeId: 'p/1', name: 'a b' },
      query: { dry_run: '', note: 'x&y' },
      body: { count: 3 },
    });
    expect(answer).toEqual({ name: 'a b', count: 3 });
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/places/p%2F1/things/a%20b?note=x%26y');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe(JSON.stringify({ count: 3 }));
  });

  it('refuses, in tests, an answer its contract does not allow', async () => {
    answerWith(200, { name: 'a', count: 'three' });
    await expect(
      callEndpoint(updateThing, { params: { placeId: 'p', name: 'a' }, body: { count: 3 } }),
    ).rejects.toBeInstanceOf(ResponseContractError);
  });

  it('refuses a success status the contract does not document', async () => {
    answerWith(201, { name: 'a', count: 3 });
    await expect(
      callEndpoint(updateThing, { params: { placeId: 'p', name: 'a' }, body: { count: 3 } }),
    ).rejects.toBeInstanceOf(ResponseContractError);
  });

  it("turns an error status into an ApiError with the server's message", async () => {
    answerWith(404, { error: { message: 'No such thing' } });
    const failure = callEndpoint(updateThing, { params: { placeId: 'p', name: 'a' }, body: { count: 3 } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'No such thing' });
  });
});

describe('callEndpoint by route', () => {
  it("checks the answer, in tests, against the contract of the route's operationId", async () => {
    const fetchSpy = answerWith(200, { status: 'ok', database: 'pglite' });
    expect(await callEndpoint(healthRoutes.getHealth, {})).toEqual({ status: 'ok', database: 'pglite' });
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/health');
    answerWith(200, { status: 'ok', database: 'sqlite' });
    await expect(callEndpoint(healthRoutes.getHealth, {})).rejects.toBeInstanceOf(ResponseContractError);
  });

  it('refuses a route that has no contract', async () => {
    answerWith(200, {});
    const unknown = { operationId: 'noSuchEndpoint', method: 'GET', path: '/api/nothing' } as const;
    // @ts-expect-error a route without a contract types no call either
    await expect(callEndpoint(unknown, {})).rejects.toThrow('noSuchEndpoint has no contract');
  });
});

describe('callEndpointPage', () => {
  it('answers the items and the total of the header the contract names', async () => {
    answerWith(200, [{ name: 'a', count: 1 }], { 'x-total-count': '41' });
    expect(await callEndpointPage(listThings, {})).toEqual({ items: [{ name: 'a', count: 1 }], total: 41 });
  });

  it('refuses a page whose items the contract does not allow', async () => {
    answerWith(200, [{ name: 'a' }], { 'x-total-count': '1' });
    await expect(callEndpointPage(listThings, {})).rejects.toBeInstanceOf(ResponseContractError);
  });
});
