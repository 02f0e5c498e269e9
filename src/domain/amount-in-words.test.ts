import { describe, expect, it } from 'vitest';
import { writeAmountInWords, writeIndianNumber } from './amount-in-words';

describe('writeIndianNumber', () => {
  it.each([
    [0, 'Zero'],
    [1, 'One'],
    [19, 'Nineteen'],
    [20, 'Twenty'],
    [99, 'Ninety Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [1_000, 'One Thousand'],
    [1_00_000, 'One Lakh'],
    [1_10_330, 'One Lakh Ten Thousand Three Hundred Thirty'],
    [99_99_999, 'Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [1_00_00_000, 'One Crore'],
    [12_03_04_005, 'Twelve Crore Three Lakh Four Thousand Five'],
    [1000_00_00_000, 'One Thousand Crore'],
  ])('writes %i as "%s", grouped by thousand, lakh and crore', (n, words) => {
    expect(writeIndianNumber(n)).toBe(words);
  });

  it('refuses what is not a whole number of 0 or more', () => {
    expect(() => writeIndianNumber(-1)).toThrow(RangeError);
    expect(() => writeIndianNumber(1.5)).toThrow(RangeError);
  });
});

describe('writeAmountInWords', () => {
  it('names rupees, ending "Only", with no paise when there are none', () => {
    expect(writeAmountInWords(0, 'INR')).toBe('Indian Rupees Zero Only');
    expect(writeAmountInWords(50, 'INR')).toBe('Fifty Paise Only');
    expect(writeAmountInWords(1_10_330_00, 'INR')).toBe(
      'Indian Rupees One Lakh Ten Thousand Three Hundred Thirty Only',
    );
  });

  it('adds the paise after "and"', () => {
    expect(writeAmountInWords(1_10_330_50, 'INR')).toBe(
      'Indian Rupees One Lakh Ten Thousand Three Hundred Thirty and Fifty Paise Only',
    );
    expect(writeAmountInWords(1_01, 'INR')).toBe('Indian Rupees One and One Paise Only');
  });

  it('names dirhams and fils for a stay in the UAE, and another currency by its code', () => {
    expect(writeAmountInWords(1_300_25, 'AED')).toBe(
      'UAE Dirhams One Thousand Three Hundred and Twenty Five Fils Only',
    );
    expect(writeAmountInWords(12_00, 'USD')).toBe('USD Twelve Only');
  });

  it('says "Minus" before an amount below 0, and refuses a fraction of a minor unit', () => {
    expect(writeAmountInWords(-5_00, 'INR')).toBe('Minus Indian Rupees Five Only');
    expect(() => writeAmountInWords(0.5, 'INR')).toThrow(RangeError);
  });
});
