import { describe, expect, it } from 'vitest';
import { describeRequestNetwork } from './request-network';

describe('the network a request is counted under', () => {
  it('is the IPv4 /24 or the IPv6 /64, and an IPv4-mapped address counts as IPv4', () => {
    expect(describeRequestNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(describeRequestNetwork('203.0.113.250')).toBe('203.0.113.0/24');
    expect(describeRequestNetwork('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(describeRequestNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(describeRequestNetwork('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(describeRequestNetwork('2001:db8:1:3::1')).not.toBe(describeRequestNetwork('2001:db8:1:2::1'));
  });

  it('keeps an address it cannot read apart from every network, and short', () => {
    expect(describeRequestNetwork('not an address')).toBe('unknown:not an address');
    expect(describeRequestNetwork('x'.repeat(300))).toHaveLength('unknown:'.length + 64);
  });
});
