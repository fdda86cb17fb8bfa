/**
 * Which urls webhooks may be sent to, checked at registration and again before every attempt
 * (the address DNS gives is checked at connect time by safe-post.ts). Pure.
 *
 * Why: the server sends requests wherever an agent says, so a webhook url must not reach into
 * private networks (cloud metadata, the database, admin ports). The rules are the claim urls'
 * (src/domain/claim-url.ts: no credentials; no private, loopback, link-local or reserved address
 * in any IPv4 or IPv6 spelling; no loopback or local-network names; no single-label names),
 * plus: https only, and no names reserved for documentation and testing (RFC 2606, RFC 6761),
 * where no receiver can live. `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK=1, tests and local
 * development only) lets loopback address literals through, over http too.
 */
import { claimUrlProblem } from '../domain/claim-url.ts';

const RESERVED = /(^|\.)(example|test|invalid)$|(^|\.)example\.(com|net|org)$/i;

/** 127.0.0.0/8 or ::1 written as an address (the WHATWG parser has already turned other IPv4 spellings into dotted form). */
export function isLoopbackLiteral(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '::1';
}

/** Why `url` cannot receive webhooks (a sentence naming the rule), or undefined when it can. */
export function webhookUrlProblem(url: string, allowLoopback: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute https URL';
  }
  if (allowLoopback && isLoopbackLiteral(parsed.hostname) && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) {
    return parsed.username || parsed.password ? 'must not contain credentials (user:password@)' : undefined;
  }
  if (parsed.protocol !== 'https:') return 'must be an https URL: webhooks are sent over TLS only';
  const problem = claimUrlProblem(url);
  if (problem) return problem;
  if (RESERVED.test(parsed.hostname.replace(/\.+$/, ''))) return `must name a host that can receive requests: ${parsed.hostname} is reserved for documentation and testing (RFC 2606)`;
  return undefined;
}
