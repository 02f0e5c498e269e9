import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInContext,
  TEST_NOW as NOW,
  type TestContext,
  UNLIMITED_REQUESTS,
} from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const request = (values: Record<string, unknown> = {}) => ({
  check_in: '2026-12-10',
  check_out: '2026-12-13',
  guests_count: 4,
  guest_name: 'Asha Rao',
  guest_email: 'asha@example.com',
  guest_phone: '+91 98220 12345',
  special_requests: 'A quiet room, please',
  ...values,
});

describe.each(listTestDatabaseKinds())('a refused field answered with its code [%s]', (kind) => {
  let context: TestContext;
  beforeAll(async () => {
    ({ context } = await createSignedInContext(
      kind,
      { now: () => NOW, requests: UNLIMITED_REQUESTS },
      { name: 'The Villa', base_price: 1000, max_guests: 8 },
    ));
  });
  afterAll(async () => {
    await context?.close();
  });

  const refuse = async (values: Record<string, unknown>) => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: request(values),
    });
    expect(response.statusCode, response.body).toBe(400);
    return response.json().error;
  };

  it('gives the code and its figures beside the English message, for the client to word', async () => {
    expect(await refuse({ special_requests: 'x'.repeat(1001) })).toEqual({
      message: 'Special requests must be at most 1000 characters',
      field: 'special_requests',
      code: 'too_long',
      params: { max: 1000 },
    });
    expect(await refuse({ guest_name: '  ' })).toEqual({
      message: 'Full name is required',
      field: 'guest_name',
      code: 'required',
      params: {},
    });
    expect(await refuse({ guest_name: 'Asha \u202eoaR' })).toEqual({
      message: 'Full name contains a character that is not allowed: U+202E (RIGHT-TO-LEFT OVERRIDE)',
      field: 'guest_name',
      code: 'not_allowed',
      params: { character: '\u202e' },
    });
    expect(await refuse({ check_in: '1999-12-31' })).toEqual({
      message: 'Check-in must be between 2000-01-01 and 2100-12-31',
      field: 'check_in',
      code: 'out_of_range',
      params: { min: '2000-01-01', max: '2100-12-31' },
    });
  });

  it('keeps a refusal without a code as it was: the message and the field', async () => {
    expect(await refuse({ guest_email: 'asha@' })).toEqual({
      message: 'Enter a valid email address',
      field: 'guest_email',
    });
  });
});
