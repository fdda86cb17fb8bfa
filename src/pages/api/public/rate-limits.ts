/**
 * GET /api/public/rate-limits: the policy in force. On demand because operators change it through
 * the environment (RATE_LIMIT_SCALE, RATE_LIMITS=off); the limiter enforces this same object.
 */
import { catalog } from '../../../catalog/data.ts';
import { effectivePolicy } from '../../../domain/rate-limit-policy.ts';
import { implement, route } from '../../../http/endpoint.ts';
import { freshness } from '../../../http/freshness.ts';
import { rateLimitsEndpoint } from '../../../schemas/api/discovery.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(rateLimitsEndpoint, ({ services: { config, clock, startedAt } }) => ({
    body: effectivePolicy(config.rateLimits),
    dataFreshness: freshness({ source: 'live', generatedAt: clock.now(), contentVersion: catalog.contentVersion, lastModified: startedAt, maxAgeSeconds: 0 }),
  })),
);
