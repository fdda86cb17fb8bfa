/**
 * What the service says about itself: the discovery index and the OpenAPI document (pre-rendered,
 * described from every operation), and the live statistics, rate-limit policy and health.
 */
import { catalog } from '../catalog/data.ts';
import { contentStats, promotedContentLookup } from '../catalog/stats.ts';
import { programRules, registrationPolicy } from '../domain/program-config.ts';
import { effectivePolicy } from '../domain/rate-limit-policy.ts';
import { implement } from '../http/operation.ts';
import { contentFreshness } from '../http/respond.ts';
import { discoveryIndex } from '../docs/discovery-index.ts';
import { openApiDocument } from '../docs/openapi-document.ts';
import { freshness } from '../http/freshness.ts';
import { discoveryIndexEndpoint, healthEndpoint, openApiEndpoint, rateLimitsEndpoint, statsEndpoint } from '../schemas/api/discovery.ts';

/** /api/public */
export const discovery = implement(discoveryIndexEndpoint, ({ operations, source, now }) => ({
  body: discoveryIndex(
    catalog,
    operations.map((o) => o.definition),
  ),
  dataFreshness: contentFreshness(source, catalog.builtAt, now),
}));

/** /api/public/openapi.json */
export const openapi = implement(openApiEndpoint, ({ operations, source, now }) => ({
  body: JSON.stringify(
    openApiDocument(
      operations.map((o) => o.definition),
      contentFreshness(source, catalog.builtAt, now),
    ),
  ),
}));

/** /api/public/rate-limits */
export const rateLimits = implement(rateLimitsEndpoint, ({ services: { config, clock, startedAt } }) => ({
  // The program's own limits sit beside the request limits: together they bound what one client can gain.
  body: {
    ...effectivePolicy(config.rateLimits, {
      perAddress: config.trustProxy ? null : config.server.maxConnectionsPerAddress,
      total: config.server.maxConnections,
      headersTimeoutSeconds: config.server.headersTimeoutMs / 1000,
      requestTimeoutSeconds: config.server.requestTimeoutMs / 1000,
      keepAliveTimeoutSeconds: config.server.keepAliveTimeoutMs / 1000,
    }),
    registrations: registrationPolicy(config.rewards, config.trustProxy),
    program: {
      dailyCaps: { ...config.rewards.dailyCaps },
      ...programRules(config.rewards),
      verificationsPerHostPerDay: config.rewards.verification.agentsPerHostPerDay,
      exemptPlatforms: [...config.rewards.verification.exemptPlatforms],
    },
  },
  dataFreshness: freshness({ source: 'live', generatedAt: clock.now(), contentVersion: catalog.contentVersion, lastModified: startedAt, maxAgeSeconds: 0 }),
}));

const promotedContent = promotedContentLookup(catalog);

/** /api/public/stats */
export const stats = implement(statsEndpoint, async ({ services }) => {
  const now = services.clock.now();
  const program = await services.reads.stats();
  const aiProgram = { ...program, mostPromoted: program.mostPromoted.map((p) => ({ ...p, content: promotedContent(p.url) })) };
  const lastModified = new Date(Math.max(Date.parse(catalog.builtAt), Date.parse(services.rewards.lastModified())));
  const dataFreshness = freshness({ source: 'live', generatedAt: now, contentVersion: catalog.contentVersion, lastModified, maxAgeSeconds: 0 });
  // Time alone changes the specials on air and the actions of the last 24 h: kept a minute at most.
  return { body: { ...contentStats(catalog, now), aiProgram }, dataFreshness, until: now.getTime() + 60_000 };
});

/** /healthz */
export const health = implement(healthEndpoint, async ({ services }) => {
  const health = await services.health();
  const now = services.clock.now();
  return {
    body: {
      status: health.ok ? ('ok' as const) : ('unavailable' as const),
      checks: health.checks,
      contentVersion: services.contentVersion,
      uptimeSeconds: Math.round((now.getTime() - services.startedAt.getTime()) / 1000),
    },
    dataFreshness: freshness({ source: 'live', generatedAt: now, contentVersion: services.contentVersion, lastModified: catalog.builtAt, maxAgeSeconds: 0 }),
    status: health.ok ? 200 : 503,
  };
});
