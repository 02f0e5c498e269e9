import { describe, expect, it } from 'vitest';
import { formatMoney } from './quote';

describe('showing an amount', () => {
  it('formats money with its currency', () => {
    expect(formatMoney(1200, 'AED')).toBe('AED 1,200');
    expect(formatMoney(1200.5, 'AED')).toBe('AED 1,200.50');
  });
});
