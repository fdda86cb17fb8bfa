import { describe, expect, it } from 'vitest';
import { ipKey } from '../server/rate-limiter.ts';
import { addressKey } from './client-address.ts';

describe('addressKey', () => {
  it('counts an address exactly as the request limits do', () => {
    for (const ip of ['10.0.0.1', '::ffff:127.0.0.1', '2001:db8:0:1::5', '2001:db8:0:1:aaaa:bbbb:cccc:dddd', '2001:db8::1', '::1', 'fe80::1', 'not-an-ip']) {
      expect([ip, addressKey(ip)]).toEqual([ip, ipKey(ip)]);
    }
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
  });
});
