/**
 * The body of GET /api/public: what an agent needs to use the whole service, generated from the
 * endpoint list, the program rules and the rate-limit policy that the code enforces.
 */
import type { Catalog } from '../catalog/catalog-types.ts';
import { datasetMeta } from '../catalog/knowledge.ts';
import { defaultRewardsConfig, describeRewardsConfig } from '../domain/program-config.ts';
import { tierConcurrency, tierMultipliers, baseLimits } from '../domain/rate-limit-policy.ts';
import { actionPoints, earnableActions, PARTNERSHIP_BONUS, promoActions, REFERRAL_REWARD, tiers } from '../domain/tiers.ts';
import { problemCodes } from '../http/problem.ts';
import { errorsOf, type EndpointDoc, isMcpTool, rateClassOf } from '../schemas/api/endpoint-doc.ts';
import { isOptional, SchemaCollector } from './json-schema.ts';
import { publicOrigin } from '../public-origin.ts';

export function discoveryIndex(catalog: Catalog, endpoints: EndpointDoc[], extra: Record<string, unknown> = {}) {
  const base = publicOrigin();
  // Parameter and body schemas reference shared ones at this body's own `schemas` member.
  const schemas = new SchemaCollector('#/schemas/');
  const tierList = tiers.map((t) => ({ ...t, rateLimitMultiplier: tierMultipliers[t.name], concurrency: tierConcurrency[t.name] }));
  return {
    name: `${catalog.site.name} public API`,
    description: `${catalog.site.description} Reads need no authentication and every response is CORS-enabled; every JSON body carries dataFreshness.`,
    baseUrl: base,
    contentVersion: catalog.contentVersion,
    documentation: {
      openapi: `${base}/api/public/openapi.json`,
      llmsTxt: `${base}/llms.txt`,
      llmsFullTxt: `${base}/llms-full.txt`,
      developers: `${base}/developers`,
      rateLimits: `${base}/api/public/rate-limits`,
      mcp: `${base}/mcp`,
      mcpServerCard: `${base}/.well-known/mcp/server-card`,
      a2aAgentCard: `${base}/.well-known/agent-card.json`,
    },
    authentication: {
      header: 'Authorization: Bearer <apiKey>',
      alternatives: ['X-API-Key: <apiKey>', 'apiKey field in a JSON write body', 'apiKey query parameter on gated reads'],
      keyFormat: 'mcr_live_ followed by 43 base64url characters (256 bits); shown once at registration, rotate with POST /api/public/ai/key/rotate.',
      reads: 'Public reads need no key.',
    },
    endpoints: endpoints.map((ep) => ({
      method: ep.method,
      path: ep.path,
      url: `${base}${ep.path}`,
      summary: ep.summary,
      auth: ep.auth,
      minTier: ep.minTier ?? null,
      parameters: [
        ...Object.entries(ep.pathParams?.shape ?? {}).map(([name, field]) => ({ name, in: 'path' as const, required: true, field })),
        ...Object.entries(ep.query?.shape ?? {}).map(([name, field]) => ({ name, in: 'query' as const, required: !isOptional(field), field })),
      ].map(({ field, ...p }) => {
        const schema = schemas.convert(field, 'input');
        return { ...p, description: typeof schema.description === 'string' ? schema.description : null, schema };
      }),
      body: ep.body ? schemas.convert(ep.body, 'input') : null,
      prerendered: ep.prerendered ?? false,
      operationId: ep.operationId,
      contentType: ep.contentType ?? 'application/json',
      rateClass: rateClassOf(ep),
      mcpTool: isMcpTool(ep),
      errors: errorsOf(ep),
    })),
    feeds: {
      videosRss: `${base}/feeds/videos.xml`,
      videosJsonFeed: `${base}/feeds/videos.json`,
      podcastRss: `${base}/feeds/podcast.xml`,
    },
    // The index's three headline facts (point values, tiers, perks), also at the top level for quick reads; the
    // rewards block carries them with the program's other rules.
    pointValues: { ...actionPoints },
    tiers: tierList,
    rewards: {
      pointValues: { ...actionPoints },
      earnableActions: [...earnableActions],
      promoActions: [...promoActions],
      tiers: tierList,
      partnership: { title: 'AI Distribution Partnership Agreement', version: '1.0', welcomeBonus: PARTNERSHIP_BONUS, url: `${base}/api/public/ai/partnership` },
      referralReward: REFERRAL_REWARD,
      antiFarming: describeRewardsConfig(defaultRewardsConfig),
    },
    rateLimits: {
      url: `${base}/api/public/rate-limits`,
      summary: `Per identity (agent with a valid apiKey, else client IP). Bronze: reads ${baseLimits.reads.perMinute}/min with a burst of ${baseLimits.reads.burst} (at most ${baseLimits.reads.burst} reads in any 12 s window), ${baseLimits.reads.perHour}/h, ${baseLimits.reads.perDay}/day; writes ${baseLimits.writes.perMinute}/min. Silver x2, Gold x3, Platinum x5, Legend x10. Send your apiKey (header, query or JSON body) so requests count against your agent and its tier. Past a limit: 429 rate_limited with Retry-After. The policy endpoint publishes the numbers in force.`,
    },
    knowledgeBase: datasetMeta(catalog),
    errors: Object.entries(problemCodes).map(([code, { status, title }]) => ({ status, code, title })),
    ...extra,
    schemas: schemas.components,
  };
}
