import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  allocateMoney,
  compareMoney,
  formatDecimal,
  formatMajorAmount,
  formatMoney,
  makeMoney,
  moneyFromMajor,
  multiplyMoney,
  parseMinor,
  parseMoney,
  scaleMinor,
  formatAmountNumber,
  formatCompactAmount,
  hasWholeMinorUnits,
  subtractMoney,
  sumMoney,
  toMajor,
  toMinor,
} from './money';

const inr = (minor: number) => makeMoney(minor, 'INR');
const aed = (minor: number) => makeMoney(minor, 'AED');
// Amounts up to ten thousand crore, the most numeric(12,2) holds and more.
const minorAmount = fc.integer({ min: -100_000_000_000_00, max: 100_000_000_000_00 });

describe('reading amounts exactly', () => {
  it('reads decimal text digit by digit', () => {
    expect(parseMinor('1234567.89')).toBe(123456789);
    expect(parseMinor('0.10')).toBe(10);
    expect(parseMinor('0.1')).toBe(10);
    expect(parseMinor('-0.30')).toBe(-30);
    expect(parseMinor('2800.5')).toBe(280050);
    expect(parseMinor('12')).toBe(1200);
    expect(parseMinor('.5')).toBe(50);
    expect(parseMinor('1e3')).toBe(100000);
    expect(parseMinor('-0.00')).toBe(0);
    expect(Object.is(parseMinor('-0.00'), -0)).toBe(false);
  });

  it('rounds past the second decimal half away from zero', () => {
    expect(parseMinor('1.005')).toBe(101);
    expect(parseMinor('1.0049')).toBe(100);
    expect(parseMinor('-1.005')).toBe(-101);
    expect(parseMinor('0.001')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '.', 'abc', '1,000', 'NaN', 'Infinity', '1e400', '0x10']) {
      expect(() => parseMinor(text), text).toThrow(RangeError);
    }
  });

  it('reads a JSON number as it is written, not as the float holds it', () => {
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(toMinor(2800.5)).toBe(280050);
    expect(toMinor(1234567.89)).toBe(123456789);
    expect(toMinor(1e-7)).toBe(0);
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
  });

  it('writes back what it read: decimal text and JSON numbers round-trip', () => {
    fc.assert(
      fc.property(minorAmount, (minor) => {
        expect(parseMinor(formatDecimal(minor))).toBe(minor);
        expect(toMinor(toMajor(minor))).toBe(minor);
        // The wire number prints as the decimal itself, without float noise.
        expect(String(toMajor(minor))).toBe(String(Number(formatDecimal(minor))));
      }),
    );
    expect(formatDecimal(-10)).toBe('-0.10');
    expect(formatDecimal(5)).toBe('0.05');
    expect(toMajor(280050)).toBe(2800.5);
  });
});

describe('adding amounts', () => {
  it('adds tenths exactly where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const sum = sumMoney(
      ['0.10', '0.20'].map((text) => parseMoney(text, 'INR')),
      'INR',
    );
    expect(sum).toEqual(parseMoney('0.30', 'INR'));
    expect(toMajor(sumMoney([inr(10), inr(20), inr(30)], 'INR'))).toBe(0.6);
  });

  it('sums of decimal texts equal the sum of their digits', () => {
    fc.assert(
      fc.property(fc.array(minorAmount, { maxLength: 50 }), (minors) => {
        const texts = minors.map((minor) => formatDecimal(minor));
        const total = sumMoney(
          texts.map((text) => parseMoney(text, 'AED')),
          'AED',
        );
        expect(total.minor).toBe(minors.reduce((sum, minor) => sum + minor, 0));
      }),
    );
  });

  it('adds, subtracts and multiplies by whole numbers', () => {
    expect(addMoney(aed(150), aed(-50))).toEqual(aed(100));
    expect(subtractMoney(aed(10), aed(30))).toEqual(aed(-20));
    expect(multiplyMoney(aed(333), 3)).toEqual(aed(999));
    expect(() => multiplyMoney(aed(1), 1.5)).toThrow(RangeError);
    expect(sumMoney([], 'AED')).toEqual(aed(0));
  });

  it('never mixes currencies', () => {
    expect(() => addMoney(aed(1), inr(1))).toThrow(TypeError);
    expect(() => sumMoney([aed(1)], 'INR')).toThrow(TypeError);
    expect(() => compareMoney(aed(1), inr(1))).toThrow(TypeError);
  });

  it('compares', () => {
    expect(compareMoney(aed(1), aed(2))).toBe(-1);
    expect(compareMoney(aed(2), aed(2))).toBe(0);
    expect(compareMoney(aed(-1), aed(-2))).toBe(1);
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => makeMoney(0.5, 'AED')).toThrow(RangeError);
    expect(() => makeMoney(Number.MAX_SAFE_INTEGER + 2, 'AED')).toThrow(RangeError);
  });
});

describe('taking a share of an amount', () => {
  it('takes a percentage exactly, rounding half away from zero', () => {
    expect(scaleMinor(1010, 5, 100)).toBe(51);
    expect(scaleMinor(1005, 5, 100)).toBe(50);
    expect(scaleMinor(-1010, 5, 100)).toBe(-51);
    // 12.5% of 10.00, and the tax inside a price that includes 18%.
    expect(scaleMinor(1000, 12.5, 100)).toBe(125);
    expect(scaleMinor(11800, 18, 118)).toBe(1800);
    expect(scaleMinor(1_00_000_00, 120, 100)).toBe(1_20_000_00);
    expect(() => scaleMinor(100, 1, 0)).toThrow(RangeError);
  });

  it('agrees with exact rational rounding for any rate with up to two decimals', () => {
    fc.assert(
      fc.property(minorAmount, fc.integer({ min: 0, max: 10_000 }), (minor, hundredths) => {
        const exact = (BigInt(Math.abs(minor)) * BigInt(hundredths) * 2n + 10_000n) / 20_000n;
        expect(scaleMinor(minor, hundredths / 100, 100)).toBe(Number(minor < 0 ? -exact : exact));
      }),
    );
  });

  it('tells whole minor units from fractions of them, forgiving float noise', () => {
    expect(hasWholeMinorUnits(2800.5)).toBe(true);
    expect(hasWholeMinorUnits(0.1 + 0.2)).toBe(true);
    expect(hasWholeMinorUnits(1.005)).toBe(false);
  });

  it("writes a quote line's number as before: thousands, up to two decimals", () => {
    expect(formatAmountNumber(1_500_50)).toBe('1,500.5');
    expect(formatAmountNumber(14_000_00)).toBe('14,000');
    expect(formatAmountNumber(5)).toBe('0.05');
    expect(formatAmountNumber(1_50_000_00, 'INR')).toBe('1,50,000');
    expect(formatCompactAmount(110_330, 'INR')).toBe('1.1L');
    expect(formatCompactAmount(31_000_000, 'INR')).toBe('3.1Cr');
    expect(formatCompactAmount(110_330, 'AED')).toBe('110K');
    expect(formatAmountNumber(1_50_000_00, 'AED')).toBe('150,000');
  });
});

describe('splitting an amount', () => {
  it('splits 100 over three nights as 34, 33, 33', () => {
    expect(allocateMoney(inr(100), [1, 1, 1]).map((share) => share.minor)).toEqual([34, 33, 33]);
    expect(allocateMoney(inr(-100), [1, 1, 1]).map((share) => share.minor)).toEqual([-34, -33, -33]);
    expect(allocateMoney(inr(10), [1, 3]).map((share) => share.minor)).toEqual([3, 7]);
  });

  it('gives shares that add up to the amount exactly, each close to its part', () => {
    fc.assert(
      fc.property(
        minorAmount,
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 20 }),
        (minor, weights) => {
          fc.pre(weights.some((weight) => weight > 0));
          const shares = allocateMoney(inr(minor), weights);
          expect(sumMoney(shares, 'INR').minor).toBe(minor);
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          shares.forEach((share, index) => {
            expect(Math.abs(share.minor - (minor * weights[index]!) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('showing an amount', () => {
  it('shows rupees with the rupee sign and lakh grouping', () => {
    expect(formatMoney(inr(1_00_000_00))).toBe('₹1,00,000');
    expect(formatMoney(inr(12_34_567_89))).toBe('₹12,34,567.89');
    expect(formatMoney(inr(1_23_456_50))).toBe('₹1,23,456.50');
    expect(formatMoney(inr(999_00))).toBe('₹999');
    expect(formatMoney(inr(1_000_00))).toBe('₹1,000');
    expect(formatMoney(inr(5))).toBe('₹0.05');
    expect(formatMoney(inr(-1_23_456_50))).toBe('-₹1,23,456.50');
    expect(formatMoney(inr(1_00_00_000_00))).toBe('₹1,00,00,000');
  });

  it('shows other currencies with their code and thousands', () => {
    expect(formatMoney(aed(1_200_00))).toBe('AED 1,200');
    expect(formatMoney(aed(1_200_50))).toBe('AED 1,200.50');
    expect(formatMoney(aed(1_234_567_89))).toBe('AED 1,234,567.89');
    expect(formatMoney(aed(-5_00))).toBe('AED -5');
    expect(formatMoney(makeMoney(0, 'USD'))).toBe('USD 0');
  });

  it('shows an amount sent as a JSON number without float noise', () => {
    expect(formatMajorAmount(0.1 + 0.2, 'AED')).toBe('AED 0.30');
    expect(formatMajorAmount(2800.5, 'INR')).toBe('₹2,800.50');
    expect(formatMoney(moneyFromMajor(1234567.89, 'INR'))).toBe('₹12,34,567.89');
  });
});
