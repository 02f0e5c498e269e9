import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { money } from './fields';
import { makeMoney, type MinorUnits } from './money';
import { AmountSchema, encodeAmountParams, holdsWireAmount, wireAmount } from './wire-amount';

const Ledger = z.object({
  entries: z.array(z.object({ amount: AmountSchema.describe('An entry'), note: z.string() })),
  next_due: z.object({ amount: AmountSchema }).nullable(),
});

describe('the amounts of the API', () => {
  it('decode a major-unit JSON number to whole minor units and encode them back', () => {
    const decoded = Ledger.parse({ entries: [{ amount: 2800.5, note: 'UPI' }], next_due: { amount: 0.1 } });
    expect(decoded).toEqual({ entries: [{ amount: 280_050, note: 'UPI' }], next_due: { amount: 10 } });
    expect(z.encode(Ledger, decoded)).toEqual({
      entries: [{ amount: 2800.5, note: 'UPI' }],
      next_due: { amount: 0.1 },
    });
  });

  it('check the JSON number by the field that names it, and refuse an answer of part of a minor unit', () => {
    const Fee = wireAmount(money('Fee', { max: 1000 }));
    expect(Fee.safeParse(1000.01).error?.issues[0]?.message).toBe('Fee must be at most 1,000');
    expect(Fee.safeParse(1.005).error?.issues[0]?.message).toBe('Fee can have at most two decimals');
    expect(z.safeEncode(AmountSchema, 12.5 as MinorUnits).success).toBe(false);
  });

  it('are documented as numbers on both sides, with their limits where a request takes them', () => {
    const Fee = wireAmount(money('Fee', { max: 1000 })).describe('A fee');
    expect(z.toJSONSchema(Fee, { io: 'input' })).toMatchObject({ type: 'number', minimum: 0, maximum: 1000 });
    expect(z.toJSONSchema(Fee, { io: 'output' })).toMatchObject({ type: 'number', description: 'A fee' });
  });

  it('are found in a schema however deep, so only such answers are encoded', () => {
    expect(holdsWireAmount(Ledger)).toBe(true);
    expect(holdsWireAmount(z.object({ list: z.array(z.object({ n: AmountSchema.optional() })) }))).toBe(true);
    expect(holdsWireAmount(z.object({ count: z.number(), name: z.string().nullable() }))).toBe(false);
  });

  it("turn a refusal's amounts (Money, at any depth) into major-unit numbers and keep the rest", () => {
    expect(
      encodeAmountParams({
        balance: makeMoney(123_456, 'INR'),
        payments: [{ gateway_payment_id: 'pay_1', refundable: makeMoney(50, 'INR') }],
        max: 3,
        currency: 'INR',
      }),
    ).toEqual({
      balance: 1234.56,
      payments: [{ gateway_payment_id: 'pay_1', refundable: 0.5 }],
      max: 3,
      currency: 'INR',
    });
  });
});
