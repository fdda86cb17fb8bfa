import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSecret, sign, signatureHeaders } from './signing.ts';

describe('Standard Webhooks signing, checked by the standardwebhooks package', () => {
  const body = JSON.stringify({ type: 'webhook.test', timestamp: '2026-12-01T10:00:00.000Z', data: { note: 'hi' } });
  const now = () => Math.floor(Date.now() / 1000);

  it('makes secrets of the whsec_ form from 32 random bytes', () => {
    const secret = newSecret((n) => Buffer.alloc(n, 7));
    expect(secret).toBe(`whsec_${Buffer.alloc(32, 7).toString('base64')}`);
    expect(newSecret()).not.toBe(newSecret());
  });

  it('signs so that Webhook.verify accepts the body, and refuses it changed or under another secret', () => {
    const secret = newSecret();
    const headers = signatureHeaders([secret], 'evt_0123456789abcdef01234567', now(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('hi', 'ho'), headers)).toThrow();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
  });

  it('matches the library’s own signature byte for byte', () => {
    const secret = newSecret();
    const at = new Date(1_700_000_000_000);
    expect(sign(secret, 'evt_1', 1_700_000_000, body)).toBe(new Webhook(secret).sign('evt_1', at, body));
  });

  it('during a rotation carries one signature per secret, and either secret verifies', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const headers = signatureHeaders([current, previous], 'evt_2', now(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
  });
});
