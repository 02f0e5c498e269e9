import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate } from '../../domain/dates';
import type { PaymentLedger, PaymentLink, RecordedEntry } from '../../domain/payment';
import { outboxMessages } from '../db/schema';
import { createSignedInContext, insertTestBooking, TEST_NOW, useSignedInContext } from '../test/test-app';
import { listTestDatabaseKinds } from '../test/test-database';

// TEST_NOW is 2026-11-22 at the villa.
const TODAY = '2026-11-22';
const KEY_ID = 'rzp_test_StandIn1234';
const KEY_SECRET = 'stand-in key secret';
const WEBHOOK_SECRET = 'stand-in webhook secret';

type StandInCall = { method: string; path: string; body: Record<string, unknown> };

/**
 * A stand-in for the few endpoints of Razorpay's API the product calls: it checks the Basic auth as
 * Razorpay does, answers as Razorpay does, and keeps every call it was sent.
 */
async function startRazorpayStandIn() {
  const calls: StandInCall[] = [];
  const state = { failRefunds: false, counter: 0 };
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return chunks.length > 0
      ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
      : {};
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const expected = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        return answer(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      const body = await readBody(request);
      const path = request.url ?? '';
      calls.push({ method: request.method ?? '', path, body });
      state.counter += 1;
      if (request.method === 'POST' && path === '/v1/payment_links') {
        return answer(200, {
          id: `plink_StandIn${state.counter}`,
          short_url: `https://rzp.io/i/standin${state.counter}`,
          amount: body.amount,
          currency: body.currency,
          reference_id: body.reference_id,
          expire_by: body.expire_by,
          status: 'created',
        });
      }
      const refund = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(path);
      if (request.method === 'POST' && refund) {
        if (state.failRefunds) return answer(500, { error: { description: 'Internal error' } });
        return answer(200, {
          id: `rfnd_StandIn${state.counter}`,
          entity: 'refund',
          amount: body.amount,
          payment_id: refund[1],
          status: 'processed',
        });
      }
      return answer(400, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook's body and its signature, by Razorpay's algorithm: hex HMAC-SHA256 of the raw body. */
function signEvent(event: object, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(event);
  return { body, signature: createHmac('sha256', secret).update(body).digest('hex') };
}

function paymentLinkPaid(input: { linkId: string; referenceId: string; paymentId: string; amount: number }) {
  return {
    entity: 'event',
    account_id: 'acc_StandIn',
    event: 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: {
        entity: { id: input.linkId, reference_id: input.referenceId, status: 'paid', notes: {} },
      },
      order: { entity: { id: 'order_StandIn', amount: input.amount } },
      payment: {
        entity: {
          id: input.paymentId,
          entity: 'payment',
          amount: input.amount,
          currency: 'INR',
          status: 'captured',
          method: 'upi',
          notes: [],
        },
      },
    },
    created_at: 1795000000,
  };
}

describe.each(listTestDatabaseKinds())('payments by Razorpay, against a stand-in [%s]', (kind) => {
  let standIn: Awaited<ReturnType<typeof startRazorpayStandIn>>;
  let current: Awaited<ReturnType<typeof createSignedInContext>>;

  beforeAll(async () => {
    standIn = await startRazorpayStandIn();
    current = await createSignedInContext(
      kind,
      {
        now: () => TEST_NOW,
        payments: {
          razorpay: {
            keyId: KEY_ID,
            keySecret: KEY_SECRET,
            webhookSecret: WEBHOOK_SECRET,
            apiUrl: standIn.url,
            timeoutMs: 5_000,
          },
        },
      },
      { currency: 'INR' },
    );
  });
  afterAll(async () => {
    await current?.context.close();
    await standIn?.close();
  });

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie?: string) =>
    current.context.app.inject({
      method,
      url,
      headers: { cookie: cookie ?? current.cookie },
      ...(payload ? { payload } : {}),
    });
  const deliver = (body: string, signature?: string) =>
    current.context.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-razorpay-signature': signature }),
      },
      payload: body,
    });
  let stays = 0;
  // Each stay on nights of its own, months ahead: the balance is not due yet, the deposit is.
  const addStay = () => {
    stays += 1;
    const checkIn = addDaysToDate('2027-01-10', stays * 3);
    return insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: checkIn,
      check_out: addDaysToDate(checkIn, 2),
      created_at: new Date('2026-11-20T05:00:00Z'),
    });
  };
  const ledgerOf = async (bookingId: string) => {
    const response = await send('GET', `/api/bookings/${bookingId}/payments`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PaymentLedger & { gateway_refunds: { status: string; amount: number }[] }>();
  };
  /** A stay with a link made for its deposit, and the stand-in's record of that link. */
  const addStayWithLink = async () => {
    const stay = await addStay();
    const response = await send('POST', `/api/bookings/${stay.id}/payment-link`, {});
    expect(response.statusCode, response.body).toBe(201);
    const call = standIn.calls.at(-1)!;
    const linkNumber = /standin(\d+)$/.exec(response.json<PaymentLink>().url)![1]!;
    return { stay, link: response.json<PaymentLink>(), linkId: `plink_StandIn${linkNumber}`, call };
  };
  const paidEvent = (input: Awaited<ReturnType<typeof addStayWithLink>>, paymentId: string) =>
    paymentLinkPaid({
      linkId: input.linkId,
      referenceId: String(input.call.body.reference_id),
      paymentId,
      amount: Number(input.call.body.amount),
    });

  it('makes a link for what is due now in paise, and hands the same open link out again', async () => {
    const stay = await addStay();
    const first = await send('POST', `/api/bookings/${stay.id}/payment-link`, {});
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ amount: 3000, currency: 'INR', reused: false });
    expect(first.json<PaymentLink>().url).toMatch(/^https:\/\/rzp\.io\/i\/standin\d+$/);
    expect(standIn.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment_links',
      body: {
        amount: 300_000,
        currency: 'INR',
        customer: { email: 'guest@example.com' },
        notes: { booking_id: stay.id },
      },
    });
    const again = await send('POST', `/api/bookings/${stay.id}/payment-link`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ url: first.json<PaymentLink>().url, reused: true });

    const balance = await send('POST', `/api/bookings/${stay.id}/payment-link`, { amount: 10_000 });
    expect(balance.statusCode, balance.body).toBe(201);
    expect(balance.json()).toMatchObject({ amount: 10_000, reused: false });
    const above = await send('POST', `/api/bookings/${stay.id}/payment-link`, { amount: 10_000.01 });
    expect(above.statusCode).toBe(409);
    expect(above.json().error.message).toMatch(/at most the balance/);
  });

  it("tells the payments dialog that Razorpay is set up, and shows the booking's open link", async () => {
    const stay = await addStay();
    expect(await ledgerOf(stay.id)).toMatchObject({
      online_payments: { upi: false, razorpay: true },
      payment_link: null,
    });
    const made = await send('POST', `/api/bookings/${stay.id}/payment-link`, {});
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json<PaymentLink>();
    expect((await ledgerOf(stay.id)).payment_link).toEqual({
      url: link.url,
      amount: 3000,
      expires_at: link.expires_at,
    });
  });

  it('hands out one link to two clicks at once', async () => {
    const stay = await addStay();
    const [first, second] = await Promise.all([
      send('POST', `/api/bookings/${stay.id}/payment-link`, {}),
      send('POST', `/api/bookings/${stay.id}/payment-link`, {}),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 201]);
    expect(first!.json<PaymentLink>().url).toBe(second!.json<PaymentLink>().url);
  });

  it("answers 404 for another operator's booking and for none, and needs a session", async () => {
    const stay = await addStay();
    const other = await current.context.createSignedInOperator();
    expect((await send('POST', `/api/bookings/${stay.id}/payment-link`, {}, other.cookie)).statusCode).toBe(
      404,
    );
    expect((await send('POST', `/api/bookings/${randomUUID()}/payment-link`, {})).statusCode).toBe(404);
    expect((await send('POST', `/api/bookings/${stay.id}/payment-link`, {}, '')).statusCode).toBe(401);
  });

  it('records a paid link once under 20 concurrent deliveries of the same event, audited, the operator told', async () => {
    const linked = await addStayWithLink();
    const { body, signature } = signEvent(paidEvent(linked, 'pay_Concurrent0001'));
    const responses = await Promise.all(Array.from({ length: 20 }, () => deliver(body, signature)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = responses.map((response) => response.json<{ status: string }>().status).sort();
    expect(outcomes).toEqual(['recorded', ...Array(19).fill('duplicate')].sort());

    const ledger = await ledgerOf(linked.stay.id);
    expect(ledger.entries).toEqual([
      expect.objectContaining({
        kind: 'payment',
        amount: 3000,
        method: 'razorpay',
        reference: 'pay_Concurrent0001',
        gateway_payment_id: 'pay_Concurrent0001',
        received_on: TODAY,
        created_by: null,
      }),
    ]);
    expect(ledger.summary).toMatchObject({ paid: 3000, balance: 7000, payment_status: 'partial' });

    // payment.captured of the same payment, as Razorpay also sends it: nothing more.
    const captured = signEvent({ ...paidEvent(linked, 'pay_Concurrent0001'), event: 'payment.captured' });
    expect((await deliver(captured.body, captured.signature)).json()).toEqual({ status: 'duplicate' });
    expect((await ledgerOf(linked.stay.id)).entries).toHaveLength(1);

    const audit = await send(
      'GET',
      `/api/audit-events?entity_type=payment&entity_id=${ledger.entries[0]!.id}`,
    );
    expect(audit.json<{ events: unknown[] }>().events).toEqual([
      expect.objectContaining({ action: 'insert', actor: 'system', actor_id: null }),
    ]);
    const notices = await current.context.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.booking_id, linked.stay.id));
    // The operator is told once, and the guest gets one receipt.
    expect(notices).toEqual([
      expect.objectContaining({ kind: 'payment_received_operator', to_address: current.operator.email }),
      expect.objectContaining({ kind: 'payment_receipt', to_address: linked.stay.guest_email }),
    ]);
    expect(notices[0]!.text_body).toContain('pay_Concurrent0001');

    // The paid link is not handed out again: what is due now gets a new one.
    const next = await send('POST', `/api/bookings/${linked.stay.id}/payment-link`, { amount: 3000 });
    expect(next.json()).toMatchObject({ reused: false });
  });

  it('marks a link paid when payment.captured recorded its payment first, and hands it out no more', async () => {
    const linked = await addStayWithLink();
    const paid = paidEvent(linked, 'pay_CapturedFirst01');
    const { payment_link: _link, ...payload } = paid.payload;
    const captured = signEvent({
      ...paid,
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        ...payload,
        payment: { entity: { ...paid.payload.payment.entity, notes: { booking_id: linked.stay.id } } },
      },
    });
    expect((await deliver(captured.body, captured.signature)).json()).toEqual({ status: 'recorded' });
    const linkPaid = signEvent(paid);
    expect((await deliver(linkPaid.body, linkPaid.signature)).json()).toEqual({ status: 'duplicate' });
    expect((await ledgerOf(linked.stay.id)).payment_link).toBeNull();
    const next = await send('POST', `/api/bookings/${linked.stay.id}/payment-link`, { amount: 3000 });
    expect(next.json()).toMatchObject({ reused: false });
  });

  it('refuses a forged or missing signature and records nothing', async () => {
    const linked = await addStayWithLink();
    const event = paidEvent(linked, 'pay_Forged00001');
    const forged = signEvent(event, 'not the webhook secret');
    const refused = await deliver(forged.body, forged.signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/signature/i);
    // A body changed after signing.
    const signed = signEvent(event);
    const tampered = signed.body.replace('"amount":300000', '"amount":999900');
    expect((await deliver(tampered, signed.signature)).statusCode).toBe(400);
    expect((await deliver(signed.body)).statusCode).toBe(400);
    expect((await deliver(signed.body, 'zz')).statusCode).toBe(400);
    expect((await ledgerOf(linked.stay.id)).entries).toEqual([]);
  });

  it('acknowledges an unknown event, and a payment for no booking known here, recording nothing', async () => {
    const unknown = signEvent({
      event: 'refund.processed',
      payload: { refund: { entity: { id: 'rfnd_1' } } },
    });
    const answer = await deliver(unknown.body, unknown.signature);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'ignored' });

    const stranger = signEvent(
      paymentLinkPaid({
        linkId: 'plink_NotOurs',
        referenceId: randomUUID(),
        paymentId: 'pay_NotOurs0001',
        amount: 50_000,
      }),
    );
    const ignored = await deliver(stranger.body, stranger.signature);
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ status: 'ignored' });
  });

  it("offers the link on the guest's page and in the confirmation, until it is paid", async () => {
    const { app, database } = current.context;
    const email = `guest-${randomUUID()}@example.com`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/booking-requests',
      payload: {
        check_in: '2027-06-01',
        check_out: '2027-06-04',
        guests_count: 2,
        guest_name: 'Asha Rao',
        guest_email: email,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [first] = await database.db
      .select({ token: outboxMessages.link_token, booking: outboxMessages.booking_id })
      .from(outboxMessages)
      .where(eq(outboxMessages.to_address, email));
    const token = first!.token!;
    const bookingId = first!.booking!;
    const page = () => app.inject({ method: 'GET', url: `/api/requests/${token}` });
    expect((await page()).statusCode).toBe(200);

    // Made before the operator confirms: the confirmation offers it.
    const link = await send('POST', `/api/bookings/${bookingId}/payment-link`);
    expect(link.statusCode, link.body).toBe(201);
    const url = link.json<PaymentLink>().url;
    const confirmed = await send('PATCH', `/api/bookings/${bookingId}/status`, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const confirmation = (
      await database.db.select().from(outboxMessages).where(eq(outboxMessages.booking_id, bookingId))
    ).find((message) => message.kind === 'request_confirmed');
    expect(confirmation?.text_body).toContain(`Pay online (UPI, card, netbanking): ${url}`);
    expect(confirmation?.html_body).toContain(url);
    expect((await page()).json()).toMatchObject({ payment: { link: url } });

    const call = standIn.calls.find(
      (item) =>
        item.body.reference_id &&
        item.body.notes &&
        (item.body.notes as { booking_id?: string }).booking_id === bookingId,
    )!;
    const linkNumber = /standin(\d+)$/.exec(url)![1]!;
    const paid = signEvent(
      paymentLinkPaid({
        linkId: `plink_StandIn${linkNumber}`,
        referenceId: String(call.body.reference_id),
        paymentId: 'pay_GuestPage0001',
        amount: Number(call.body.amount),
      }),
    );
    expect((await deliver(paid.body, paid.signature)).json()).toEqual({ status: 'recorded' });
    const after = (await page()).json<{ payment?: { link?: string } }>();
    expect(after.payment?.link).toBeUndefined();

    // Once confirmed, a new link goes to the guest by e-mail (the one made before did not).
    const messagesOf = async (kind: string) =>
      (
        await database.db.select().from(outboxMessages).where(eq(outboxMessages.booking_id, bookingId))
      ).filter((message) => message.kind === kind);
    expect(await messagesOf('payment_link')).toEqual([]);
    const balance = await send('POST', `/api/bookings/${bookingId}/payment-link`, { amount: 200 });
    expect(balance.statusCode, balance.body).toBe(201);
    const [mail] = await messagesOf('payment_link');
    expect(mail).toMatchObject({ to_address: email, subject: expect.stringContaining('Pay ₹200 online') });
    expect(mail!.text_body).toContain(
      `Pay online (UPI, card, netbanking): ${balance.json<PaymentLink>().url}`,
    );
  });

  it('refunds a Razorpay payment through Razorpay, recording its refund id; a 5xx leaves it pending, not undone', async () => {
    const linked = await addStayWithLink();
    const event = signEvent(paidEvent(linked, 'pay_Refund000001'));
    expect((await deliver(event.body, event.signature)).json()).toEqual({ status: 'recorded' });

    const refund = await send('POST', `/api/bookings/${linked.stay.id}/refunds`, {
      amount: 1000,
      method: 'razorpay',
      received_on: TODAY,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const recorded = refund.json<RecordedEntry>();
    expect(recorded.entry).toMatchObject({ kind: 'refund', amount: 1000, method: 'razorpay' });
    expect(recorded.entry.reference).toMatch(/^rfnd_StandIn\d+$/);
    expect(recorded.summary).toMatchObject({ paid: 3000, refunded: 1000 });
    expect(standIn.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/payments/pay_Refund000001/refund',
      body: expect.objectContaining({ amount: 100_000 }),
    });

    // More than is left: refused by the ledger before Razorpay is asked.
    const callsBefore = standIn.calls.length;
    const tooMuch = await send('POST', `/api/bookings/${linked.stay.id}/refunds`, {
      amount: 2500,
      method: 'razorpay',
      received_on: TODAY,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(standIn.calls.length).toBe(callsBefore);

    standIn.state.failRefunds = true;
    try {
      const failed = await send('POST', `/api/bookings/${linked.stay.id}/refunds`, {
        amount: 500,
        method: 'razorpay',
        received_on: TODAY,
      });
      // Razorpay may have made it: the refund is pending, not said to have failed.
      expect(failed.statusCode).toBe(202);
      expect(failed.json().message).toMatch(/not known yet whether the refund was made/);
    } finally {
      standIn.state.failRefunds = false;
    }
    expect((await ledgerOf(linked.stay.id)).summary.refunded).toBe(1000);
    expect((await ledgerOf(linked.stay.id)).gateway_refunds).toMatchObject([
      { status: 'pending', amount: 500 },
      { status: 'made', amount: 1000 },
    ]);
  });
});

describe.each(listTestDatabaseKinds())('payments by Razorpay when it is not set up [%s]', (kind) => {
  const current = useSignedInContext(kind, { now: () => TEST_NOW }, { currency: 'INR' });

  it('answers 409 in words to a payment link, a webhook and a Razorpay refund', async () => {
    const stay = await insertTestBooking(current.context.database, current.propertyId, {
      currency: 'INR',
      total_amount: 10_000,
      status: 'confirmed',
      check_in: '2027-01-10',
      check_out: '2027-01-12',
    });
    const link = await current.context.app.inject({
      method: 'POST',
      url: `/api/bookings/${stay.id}/payment-link`,
      headers: { cookie: current.cookie },
      payload: {},
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().error.message).toMatch(/RAZORPAY_KEY_ID/);
    const { body, signature } = signEvent({ event: 'payment.captured', payload: {} });
    const webhook = await current.context.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });
    expect(webhook.statusCode).toBe(409);
    const refund = await current.context.app.inject({
      method: 'POST',
      url: `/api/bookings/${stay.id}/refunds`,
      headers: { cookie: current.cookie },
      payload: { amount: 10, method: 'razorpay', received_on: TODAY },
    });
    expect(refund.statusCode).toBe(409);
  });
});
