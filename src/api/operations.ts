/**
 * The operators' read: GET /metrics (src/server/metrics.ts). Loopback clients may read it; any
 * other client needs Authorization: Bearer <METRICS_TOKEN>, and without METRICS_TOKEN nobody else
 * can. Behind a proxy (TRUST_PROXY), the address is the client's as the proxy passed it on, so
 * the public reaching the proxy is not "loopback".
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { DomainError } from '../domain/errors.ts';
import { implement } from '../http/operation.ts';
import { metricsEndpoint } from '../schemas/api/operations.ts';

/** /metrics */
export const metrics = implement(metricsEndpoint, async ({ request, clientAddress, services }) => {
  const presented = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();
  if (!isLoopback(clientAddress) && !tokenMatches(presented, services.config.metricsToken)) {
    throw new DomainError(
      'forbidden',
      services.config.metricsToken
        ? 'Metrics are for operators: send Authorization: Bearer <METRICS_TOKEN>, or read them from the machine itself.'
        : 'Metrics are for operators: read them from the machine itself (loopback), or set METRICS_TOKEN on the server and send it as Authorization: Bearer <token>.',
    );
  }
  return { body: await services.metrics.text(), headers: { 'Content-Type': services.metrics.contentType } };
});

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** Compares digests, so the time taken says nothing about how much of the token matched. */
function tokenMatches(presented: string | undefined, token: string | undefined): boolean {
  if (!presented || !token) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(token));
}
