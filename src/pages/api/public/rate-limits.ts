/**
 * GET /api/public/rate-limits: the policy in force. On demand because operators change it through
 * the environment (RATE_LIMIT_SCALE, RATE_LIMITS=off); the limiter enforces this same object.
 */
import { catalog } from '../../../catalog/data.ts';
import { programRules } from '../../../domain/program-config.ts';
import { effectivePolicy } from '../../../domain/rate-limit-policy.ts';
import { implement, route } from '../../../http/endpoint.ts';
import { freshness } from '../../../http/freshness.ts';
import { rateLimitsEndpoint } from '../../../schemas/api/discovery.ts';

export const prerender = false;

export const { GET, ALL } = route(
  implement(rateLimitsEndpoint, ({ services: { config, clock, startedAt } }) => ({
    // The program's own limits sit beside the request limits: together they bound what one client can gain.
    body: { ...effectivePolicy(config.rateLimits), program: { dailyCaps: { ...config.rewards.dailyCaps }, ...programRules(config.rewards) } },
    dataFreshness: freshness({ source: 'live', generatedAt: clock.now(), contentVersion: catalog.contentVersion, lastModified: startedAt, maxAgeSeconds: 0 }),
  })),
);
