/**
 * GET /api/public/rate-limits: the policy in force. On demand because operators change it through
 * the environment (RATE_LIMIT_SCALE, RATE_LIMITS=off); the limiter enforces this same object.
 */
import { methodNotAllowed } from '../../../http/agent-request.ts';
import { catalog } from '../../../catalog/data.ts';
import { effectivePolicy } from '../../../domain/rate-limit-policy.ts';
import { freshness } from '../../../http/freshness.ts';
import { handle, json } from '../../../http/respond.ts';

export const prerender = false;

export const GET = handle(({ locals }) => {
  const { config, clock, startedAt } = locals.services;
  return json(
    effectivePolicy(config.rateLimits, {
      perAddress: config.trustProxy ? null : config.server.maxConnectionsPerAddress,
      total: config.server.maxConnections,
      headersTimeoutSeconds: config.server.headersTimeoutMs / 1000,
      requestTimeoutSeconds: config.server.requestTimeoutMs / 1000,
      keepAliveTimeoutSeconds: config.server.keepAliveTimeoutMs / 1000,
    }),
    freshness({ source: 'live', generatedAt: clock.now(), contentVersion: catalog.contentVersion, lastModified: startedAt, maxAgeSeconds: 0 }),
  );
});

export const ALL = methodNotAllowed('GET');
