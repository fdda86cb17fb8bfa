/**
 * Standard Webhooks signatures (the open specification that the `standardwebhooks` libraries
 * verify): a secret `whsec_` + base64 of random bytes, and on every attempt the headers
 * `webhook-id` (stable across retries, so receivers drop duplicates), `webhook-timestamp` (Unix
 * seconds of this attempt) and `webhook-signature`, `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` under the secret's bytes. Several signatures are separated by spaces: during
 * a rotation the previous secret signs too, and a receiver accepts the message when any matches.
 */
import { createHmac } from 'node:crypto';
import { cryptoRandom, type RandomSource } from '../rewards/api-keys.ts';

export const SECRET_PREFIX = 'whsec_';

/** 32 random bytes (256 bits), inside the 24-64 bytes the specification allows. */
export function newSecret(random: RandomSource = cryptoRandom): string {
  return SECRET_PREFIX + random(32).toString('base64');
}

export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt, signed by every secret given (the current one first). */
export function signatureHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => sign(secret, id, timestampSeconds, body)).join(' '),
  };
}
