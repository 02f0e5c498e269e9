import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../domain/contracts/endpoint';
import { checkResponsesAgainstContracts } from './check-responses';
import { registerEndpoint } from './http/register-endpoint';

const getThing = defineEndpoint({
  operationId: 'getThing',
  method: 'GET',
  path: '/api/things/:name',
  tags: ['test'],
  session: false,
  params: z.object({ name: z.string() }),
  responses: {
    200: z.object({ name: z.string(), count: z.number().int(), note: z.string().nullable() }),
    404: z.object({ error: z.object({ message: z.string() }).loose() }),
  },
});

type Answer = { status?: number; body: unknown };
const apps: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A tiny app with one route whose handler answers whatever the test tells it to. */
async function buildThingApp(answer: Answer, options: { checkResponses: boolean }) {
  const app = Fastify({ logger: false });
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  if (options.checkResponses) checkResponsesAgainstContracts(app);
  else app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerEndpoint(app, getThing, {}, async (_request, reply) => {
    // Whatever the test says, typed as the contract's answer: the point is an answer that is not.
    await reply
      .code((answer.status ?? 200) as 200)
      .send(answer.body as z.infer<(typeof getThing.responses)[200]>);
  });
  await app.ready();
  return app;
}

describe('answers checked against their contracts (the test build)', () => {
  it('passes an answer that is exactly what the contract describes', async () => {
    const body = { name: 'villa', count: 2, note: null };
    const app = await buildThingApp({ body }, { checkResponses: true });
    const response = await app.inject({ method: 'GET', url: '/api/things/villa' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body);
  });

  it('fails a handler that sends a field the contract does not have', async () => {
    const app = await buildThingApp(
      { body: { name: 'villa', count: 2, note: null, password_hash: 'x' } },
      { checkResponses: true },
    );
    const response = await app.inject({ method: 'GET', url: '/api/things/villa' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('password_hash":"x');
  });

  it('fails an answer with a value of another type, or a field missing', async () => {
    for (const body of [
      { name: 'villa', count: '2', note: null },
      { name: 'villa', count: 2 },
      [{ name: 'villa', count: 2, note: null }],
    ]) {
      const app = await buildThingApp({ body }, { checkResponses: true });
      const response = await app.inject({ method: 'GET', url: '/api/things/villa' });
      expect(response.statusCode, JSON.stringify(body)).toBe(500);
    }
  });

  it('fails a success status the contract does not document', async () => {
    const app = await buildThingApp(
      { status: 201, body: { name: 'villa', count: 2, note: null } },
      { checkResponses: true },
    );
    const response = await app.inject({ method: 'GET', url: '/api/things/villa' });
    expect(response.statusCode).toBe(500);
  });

  it('checks error answers against their schema too', async () => {
    const app = await buildThingApp({ status: 404, body: { message: 'no' } }, { checkResponses: true });
    const response = await app.inject({ method: 'GET', url: '/api/things/villa' });
    expect(response.statusCode).toBe(500);
  });

  it('leaves answers unchecked in production, where the check would cost time', async () => {
    const body = { name: 'villa', count: '2', extra: true };
    const app = await buildThingApp({ body }, { checkResponses: false });
    const response = await app.inject({ method: 'GET', url: '/api/things/villa' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body);
  });
});
