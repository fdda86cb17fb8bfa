/**
 * A client address as every per-address limit counts it (the request limits, the connection caps,
 * registrations per address): IPv4-mapped IPv6 folded to IPv4, and an IPv6 client by its /64
 * prefix, since one subscriber usually holds the whole /64 and could otherwise rotate addresses
 * to multiply a limit. Pure.
 */
import ipaddr from 'ipaddr.js';

export function addressKey(ip: string): string {
  if (!ip.includes(':') || !ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`;
}
