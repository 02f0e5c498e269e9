import ipaddr from 'ipaddr.js';

/**
 * The network a request comes from, as limits count it: an IPv4 /24 or an IPv6 /64. One client easily
 * holds many addresses of one such network (a home's IPv6 prefix gives it millions), so counting per
 * single address would limit nothing. IPv4-mapped IPv6 addresses count as the IPv4 address they carry.
 */
export function describeRequestNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return `unknown:${address.slice(0, 64)}`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
