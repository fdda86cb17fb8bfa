/**
 * apiKeys and referral codes. A key is `mcr_live_` + 32 random bytes in base64url (256 bits);
 * only its SHA-256 digest is stored, and lookups go by digest, so the key never sits in the
 * database, a log line or any body other than the one response that issues it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'mcr_live_';

export type RandomSource = (bytes: number) => Buffer;
export const cryptoRandom: RandomSource = (n) => randomBytes(n);

export function newApiKey(random: RandomSource = cryptoRandom): string {
  return API_KEY_PREFIX + random(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Digest comparison without an early exit on the first differing byte. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Crockford base32 without look-alikes: codes are read aloud and typed by people too. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `CC-` + 10 characters (50 bits): short enough to share, too many to guess. */
export function newReferralCode(random: RandomSource = cryptoRandom): string {
  const bytes = random(10);
  let code = '';
  for (const b of bytes) code += ALPHABET[b & 31];
  return `CC-${code}`;
}

/** Referral codes compare case-insensitively; the canonical form is upper case. */
export function canonicalReferralCode(code: string): string {
  return code.trim().toUpperCase();
}
