import { describe, expect, it } from 'vitest';
import { BUSINESS_PROFILE_DEFAULTS, type BusinessProfile } from '../../domain/business-profile';
import { useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

const REGISTERED = {
  registered: true,
  legal_name: 'Shanti Villa Retreat LLP',
  trade_name: 'Shanti Villa',
  address: 'Survey 42, Anjuna\nBardez, Goa 403509',
  state_code: '27',
  pan: 'AAPFU0939F',
  gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZV' }],
  invoice_prefix: 'SV',
  signatory_name: 'Asha Kulkarni',
};

describe.each(listTestDatabaseKinds())("the operator's business profile [%s]", (kind) => {
  const current = useSignedInContext(kind);

  const send = (method: 'GET' | 'PUT', payload?: object, cookie?: string) =>
    current.context.app.inject({
      method,
      url: '/api/business-profile',
      headers: { cookie: cookie ?? current.cookie },
      ...(payload ? { payload } : {}),
    });
  const refusal = async (payload: object) => {
    const response = await send('PUT', payload);
    expect(response.statusCode, response.body).toBe(400);
    return response.json<{ error: { message: string; field?: string } }>().error;
  };

  it('is the defaults, unregistered, while none is saved', async () => {
    const fresh = await current.context.createSignedInOperator();
    const response = await send('GET', undefined, fresh.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(BUSINESS_PROFILE_DEFAULTS);
  });

  it('keeps what the operator saves, GSTINs in state order, and records the change in the audit log', async () => {
    const saved = await send('PUT', {
      ...REGISTERED,
      pan: 'aapfu0939f',
      invoice_prefix: 'sv',
      gstins: [{ state_code: '27', gstin: ' 27aapfu0939f1zv ' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BusinessProfile>()).toEqual({ ...REGISTERED, saved: true });
    expect((await send('GET')).json()).toEqual({ ...REGISTERED, saved: true });

    const events = await current.context.app.inject({
      method: 'GET',
      url: `/api/audit-events?entity_type=business_profile&entity_id=${current.operator.id}`,
      headers: { cookie: current.cookie },
    });
    expect(events.json().events[0]).toMatchObject({
      actor: 'operator',
      action: 'insert',
      after: expect.objectContaining({ legal_name: 'Shanti Villa Retreat LLP', invoice_prefix: 'SV' }),
    });
  });

  it('is each operator their own: another operator sees only their defaults', async () => {
    await send('PUT', REGISTERED);
    const other = await current.context.createSignedInOperator();
    expect((await send('GET', undefined, other.cookie)).json()).toEqual(BUSINESS_PROFILE_DEFAULTS);
    const theirs = await send(
      'PUT',
      { ...REGISTERED, registered: false, gstins: [], pan: null },
      other.cookie,
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await send('GET')).json()).toMatchObject({ registered: true, pan: 'AAPFU0939F' });
  });

  it('lets an unregistered operator save without PAN or GSTIN (bills of supply)', async () => {
    const other = await current.context.createSignedInOperator();
    const response = await send(
      'PUT',
      { ...REGISTERED, registered: false, pan: '', gstins: [], trade_name: '', signatory_name: null },
      other.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ registered: false, pan: null, gstins: [], trade_name: null });
  });

  it('refuses a mistyped GSTIN, naming the field and saying what is wrong', async () => {
    expect(
      await refusal({ ...REGISTERED, gstins: [{ state_code: '27', gstin: '27AAPFU0939F1ZW' }] }),
    ).toEqual({
      message: "GSTIN's check character should be V: a character is mistyped",
      field: 'gstins/0/gstin',
    });
    expect(
      await refusal({ ...REGISTERED, gstins: [{ state_code: '27', gstin: '27AAPFU0939F1Z' }] }),
    ).toMatchObject({ message: 'GSTIN must be 15 characters (this one has 14)', field: 'gstins/0/gstin' });
  });

  it('refuses a GSTIN of another state, of another PAN, or two for one state', async () => {
    expect(
      await refusal({ ...REGISTERED, gstins: [{ state_code: '29', gstin: '27AAPFU0939F1ZV' }] }),
    ).toEqual({
      message: 'GSTIN 27AAPFU0939F1ZV is registered in state 27, not 29',
      field: 'gstins/0/gstin',
    });
    expect(await refusal({ ...REGISTERED, pan: 'AAGCB7383J' })).toEqual({
      message: "GSTIN carries the PAN AAPFU0939F, not the business's PAN AAGCB7383J",
      field: 'gstins/0/gstin',
    });
    expect(
      await refusal({
        ...REGISTERED,
        gstins: [REGISTERED.gstins[0], REGISTERED.gstins[0]],
      }),
    ).toEqual({
      message: 'Only one GSTIN per state: state 27 has one already',
      field: 'gstins/1/state_code',
    });
    expect(
      await refusal({ ...REGISTERED, gstins: [{ state_code: '99', gstin: '27AAPFU0939F1ZV' }] }),
    ).toEqual({
      message: 'GSTIN state must be a GST state code such as 27 (Maharashtra)',
      field: 'gstins/0/state_code',
    });
  });

  it('asks a registered operator for their PAN and a GSTIN', async () => {
    expect(await refusal({ ...REGISTERED, gstins: [] })).toEqual({
      message: 'Add the GSTIN of at least one state when registered for GST',
      field: 'gstins',
    });
    expect(await refusal({ ...REGISTERED, pan: null })).toEqual({
      message: 'PAN is required when registered for GST',
      field: 'pan',
    });
  });

  it('refuses other bad fields with a 400 naming each', async () => {
    const cases: [object, string, RegExp][] = [
      [{ legal_name: '  ' }, 'legal_name', /Legal name is required/],
      [{ address: undefined }, 'address', /Address is required/],
      [{ state_code: '42' }, 'state_code', /State must be a GST state code/],
      [{ pan: 'AAPF0939FU' }, 'pan', /PAN must be 5 letters, 4 digits and a letter/],
      [{ invoice_prefix: 'SHANTIV' }, 'invoice_prefix', /Invoice prefix must be 1 to 6 characters/],
      [{ invoice_prefix: 'S V' }, 'invoice_prefix', /capital letters, digits, '\/' or '-'/],
      [{ registered: 'yes' }, 'registered', /Registered for GST must be true or false/],
      [{ gstins: 'x' }, 'gstins', /GSTINs must be a list/],
      [{ signatory_name: 'a'.repeat(101) }, 'signatory_name', /at most 100 characters/],
    ];
    for (const [change, field, message] of cases) {
      const error = await refusal({ ...REGISTERED, ...change });
      expect(error.field, JSON.stringify(change)).toBe(field);
      expect(error.message).toMatch(message);
    }
  });

  it('answers only a signed-in operator', async () => {
    const response = await current.context.app.inject({ method: 'GET', url: '/api/business-profile' });
    expect(response.statusCode).toBe(401);
  });
});
