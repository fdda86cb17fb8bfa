/** Schemas and self-descriptions of the discovery endpoints: index, OpenAPI, stats, rate limits, health. */
import { z } from 'zod';
import { dataFreshnessSchema, withFreshness } from './common.ts';
import { defineEndpoint } from './endpoint-doc.ts';
import { programStatsSchema } from './rewards.ts';

export const discoveryIndexSchema = withFreshness({
  name: z.string(),
  description: z.string(),
  baseUrl: z.url(),
  contentVersion: z.string(),
  documentation: z.record(z.string(), z.url()),
  authentication: z.object({ header: z.string(), alternatives: z.array(z.string()), keyFormat: z.string(), reads: z.string() }),
  endpoints: z.array(
    z.object({
      method: z.enum(['GET', 'POST', 'DELETE']),
      path: z.string(),
      url: z.string().meta({ format: 'uri-template', description: 'The absolute URL; a path parameter appears as {name} (RFC 6570).' }),
      summary: z.string(),
      auth: z.enum(['none', 'apiKey', 'optionalApiKey', 'operator']),
      minTier: z.string().nullable(),
      parameters: z.array(
        z.object({
          name: z.string(),
          in: z.enum(['path', 'query']),
          required: z.boolean(),
          description: z.string().nullable(),
          schema: z.record(z.string(), z.unknown()).meta({ description: 'JSON Schema 2020-12 of the value.' }),
        }),
      ),
      body: z.record(z.string(), z.unknown()).nullable().meta({ description: 'JSON Schema 2020-12 of the JSON body, or null.' }),
      prerendered: z.boolean(),
      operationId: z.string().meta({ description: 'The same name in the OpenAPI document and as an MCP tool (when mcpTool is true).' }),
      contentType: z.string().meta({ description: 'The media type of the success body.' }),
      rateClass: z.enum(['read', 'write']).meta({ description: 'Which rate limits a call counts against.' }),
      mcpTool: z.boolean(),
      errors: z.array(z.string()),
    }),
  ),
  feeds: z.record(z.string(), z.url()),
  pointValues: z.record(z.string(), z.int()),
  tiers: z.array(z.object({ name: z.string(), minPoints: z.int(), perks: z.array(z.string()), rateLimitMultiplier: z.number(), concurrency: z.int() })),
  rewards: z
    .object({
      pointValues: z.record(z.string(), z.int()),
      earnableActions: z.array(z.string()),
      promoActions: z.array(z.string()),
      tiers: z.array(z.object({ name: z.string(), minPoints: z.int(), perks: z.array(z.string()), rateLimitMultiplier: z.number(), concurrency: z.int() })),
      partnership: z.object({ title: z.string(), version: z.string(), welcomeBonus: z.int(), url: z.url() }),
      referralReward: z.int(),
    })
    .loose(),
  rateLimits: z.object({ url: z.url(), summary: z.string() }).loose(),
  knowledgeBase: z.object({ version: z.string(), license: z.string(), counts: z.record(z.string(), z.int()) }).loose(),
  errors: z.array(z.object({ status: z.int(), code: z.string(), title: z.string() })),
  schemas: z.record(z.string(), z.record(z.string(), z.unknown())).meta({ description: 'JSON Schemas that parameter and body schemas reference as #/schemas/{name}.' }),
}).meta({ id: 'DiscoveryIndex' });

export const rateLimitPolicySchema = withFreshness({
  enforced: z.boolean(),
  scale: z.number(),
  softlyEnforced: z.boolean(),
  identity: z.string(),
  classes: z.object({ reads: z.string(), writes: z.string(), free: z.string() }),
  semantics: z.object({ windows: z.string(), burst: z.string(), concurrency: z.string(), refused: z.string(), headers: z.string(), tier: z.string() }),
  headers: z.array(z.string()),
  tiers: z.array(
    z.object({
      tier: z.string(),
      multiplier: z.number(),
      reads: z.object({ windows: z.array(z.object({ name: z.string(), limit: z.int(), windowSeconds: z.int(), sliding: z.boolean() })), burst: z.int().optional() }),
      writes: z.object({ windows: z.array(z.object({ name: z.string(), limit: z.int(), windowSeconds: z.int(), sliding: z.boolean() })), burst: z.int().optional() }),
      concurrency: z.int(),
    }),
  ),
  program: z
    .object({
      dailyCaps: z.record(z.string(), z.int()),
      referralCap: z.string(),
      referralStanding: z.string(),
      claimedUrls: z.string(),
      claimVerification: z.string(),
      standing: z.string(),
      hostLimit: z.string(),
      relatedAgents: z.string(),
      addresses: z.string(),
      verificationsPerHostPerDay: z.int().min(0).meta({ description: 'Distinct agents one site verifies promotions for per UTC day of the claims (VERIFICATIONS_PER_HOST_PER_DAY); 0 = no limit.' }),
      exemptPlatforms: z.array(z.string()).meta({ description: 'Sites (and their subdomains) the per-host limit leaves alone, besides the brand’s own.' }),
    })
    .meta({ description: "The rewards program's limits (daily caps per agent, verification windows), which bound what a client gains beyond the request limits." }),
  registrations: z
    .object({
      perAddressPerDay: z.int().min(0).meta({ description: 'REGISTRATIONS_PER_ADDRESS_PER_DAY; 0 = no limit.' }),
      enforced: z.boolean(),
      policy: z.literal('registrations-day').meta({ description: 'The name in violatedPolicies of a 429 past it.' }),
      identity: z.string(),
      resets: z.string(),
      refused: z.string(),
    })
    .meta({ description: 'Registrations per client address per UTC day, counted by every instance together (in the database).' }),
  connections: z
    .object({
      perAddress: z.int().nullable().meta({ description: 'Open connections from one client address (IPv6 by /64); past it a new one gets 429. Null behind a trusted proxy.' }),
      total: z.int().meta({ description: 'Open connections in all; past it a new one gets 503.' }),
      headersTimeoutSeconds: z.number(),
      requestTimeoutSeconds: z.number(),
      keepAliveTimeoutSeconds: z.number(),
    })
    .optional(),
}).meta({ id: 'RateLimitPolicy' });

export const statsSchema = withFreshness({
  brand: z.object({ name: z.string(), baseUrl: z.url() }),
  content: z.object({
    videos: z.int(),
    featuredVideos: z.int(),
    videosByCategory: z.record(z.string(), z.int()),
    videoHours: z.number(),
    podcastEpisodes: z.int(),
    scheduleSlots: z.int(),
    upcomingSpecials: z.int(),
    products: z.int(),
    bundles: z.int(),
    clips: z.int(),
    contentVersion: z.string(),
  }),
  knowledgeBase: z.object({ version: z.string(), license: z.string(), entries: z.int(), byTopic: z.record(z.string(), z.int()), references: z.int() }),
  aiProgram: programStatsSchema,
}).meta({ id: 'Stats' });

/**
 * The OpenAPI document itself, as far as a client relies on it. Its root admits only `x-`
 * extensions besides the fields OpenAPI defines, so it carries dataFreshness as `x-dataFreshness`
 * (every JSON body carries dataFreshness).
 */
export const openApiDocumentSchema = z
  .object({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.unknown()),
    'x-dataFreshness': dataFreshnessSchema,
  })
  .loose()
  .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).' });

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.string()),
  contentVersion: z.string(),
  uptimeSeconds: z.int(),
  dataFreshness: dataFreshnessSchema,
});

export const discoveryIndexEndpoint = defineEndpoint({
  operationId: 'discovery',
  // An MCP client reads the same as the resources and instructions the server gives.
  mcp: false,
  method: 'GET',
  path: '/api/public',
  tag: 'Discovery',
  summary: 'Discovery index: every endpoint with its parameters and auth, point values, tiers and perks, knowledge-base metadata, feeds and docs.',
  auth: 'none',
  status: 200,
  response: discoveryIndexSchema,
  errors: [],
  prerendered: true,
});

export const openApiEndpoint = defineEndpoint({
  operationId: 'openapi',
  mcp: false,
  method: 'GET',
  path: '/api/public/openapi.json',
  tag: 'Discovery',
  summary: 'This API as an OpenAPI 3.1 document, generated from the schemas that validate requests.',
  auth: 'none',
  status: 200,
  response: openApiDocumentSchema,
  // OpenAPI 3.1 admits only `x-` members at the document's root: it carries `x-dataFreshness`.
  contentType: 'application/json',
  errors: [],
  prerendered: true,
});

export const statsEndpoint = defineEndpoint({
  operationId: 'stats',
  method: 'GET',
  path: '/api/public/stats',
  tag: 'Discovery',
  summary: 'Live statistics: brand, content, knowledge-base and AI-program numbers.',
  auth: 'none',
  status: 200,
  response: statsSchema,
  errors: [],
  cache: 'program',
});

export const rateLimitsEndpoint = defineEndpoint({
  operationId: 'rate_limits',
  method: 'GET',
  path: '/api/public/rate-limits',
  tag: 'Discovery',
  summary: 'The rate-limit policy in force, per tier: exactly the numbers the limiter enforces.',
  auth: 'none',
  status: 200,
  response: rateLimitPolicySchema,
  errors: [],
});

export const healthEndpoint = defineEndpoint({
  operationId: 'health',
  method: 'GET',
  path: '/healthz',
  tag: 'Discovery',
  summary: 'Health: 200 when content and the database can be read, else 503.',
  auth: 'none',
  status: 200,
  response: healthSchema,
  otherResponses: [{ status: 503, description: 'Content or the database cannot be read: the same body, with status unavailable and the failing check.', schema: healthSchema }],
  errors: [],
});
