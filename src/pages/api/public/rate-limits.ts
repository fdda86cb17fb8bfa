/**
 * GET /api/public/rate-limits: the policy in force. On demand because operators change it through
 * the environment (RATE_LIMIT_SCALE, RATE_LIMITS=off); the limiter enforces this same object.
 */
import { methodNotAllowed } from '../../../http/agent-request.ts';
import { catalog } from '../../../catalog/data.ts';
import { programRules } from '../../../domain/program-config.ts';
import { effectivePolicy } from '../../../domain/rate-limit-policy.ts';
import { freshness } from '../../../http/freshness.ts';
import { handle, json } from '../../../http/respond.ts';

export const prerender = false;

export const GET = handle(({ locals }) => {
  const { config, clock, startedAt } = locals.services;
  return json(
    // The program's own limits sit beside the request limits: together they bound what one client can gain.
    { ...effectivePolicy(config.rateLimits), program: { dailyCaps: { ...config.rewards.dailyCaps }, ...programRules(config.rewards) } },
    freshness({ source: 'live', generatedAt: clock.now(), contentVersion: catalog.contentVersion, lastModified: startedAt, maxAgeSeconds: 0 }),
  );
});

export const ALL = methodNotAllowed('GET');
