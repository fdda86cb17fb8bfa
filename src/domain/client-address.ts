/**
 * A client address as the program's per-address limits count it, the way the request limits do
 * (src/server/rate-limiter.ts, ipKey): IPv4-mapped IPv6 folded to IPv4, and an IPv6 client by its
 * /64 prefix, since one subscriber usually holds the whole /64 and could otherwise rotate
 * addresses to multiply a limit. Pure.
 */
import { isIP } from 'node:net';

export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
