/**
 * Building blocks shared by request and response schemas. Query values arrive as strings, so the
 * numeric and boolean parsers here accept only the canonical spellings ("20", "true") and say so.
 */
import { z } from 'zod';
import { problemCodes } from './problem-codes.ts';

/**
 * What a query parameter is on the wire, for parsers that take a string and produce another type:
 * the OpenAPI document and the discovery index describe `limit` as an integer, which is what a
 * client sends, not as the string-with-a-pattern the parser starts from (src/docs/json-schema.ts).
 */
export const wireTypes = z.registry<{ type: 'integer' | 'boolean'; minimum?: number; maximum?: number }>();

export const dataFreshnessSchema = z
  .object({
    generatedAt: z.iso.datetime(),
    source: z.enum(['build', 'live']),
    contentVersion: z.string(),
    lastModified: z.iso.datetime(),
    maxAgeSeconds: z.int().min(0),
  })
  .meta({ id: 'DataFreshness', description: 'How current the data in this body is.' });

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    code: z.enum(Object.keys(problemCodes) as [keyof typeof problemCodes, ...(keyof typeof problemCodes)[]]),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional().meta({ description: 'The request id (also the X-Request-Id header): quote it when reporting a problem.' }),
    requiredTier: z.string().optional().meta({ description: 'tier_required: the tier the endpoint needs.' }),
    currentTier: z.string().optional().meta({ description: "tier_required: the agent's tier." }),
    points: z.int().optional().meta({ description: "tier_required: the agent's points." }),
    activityId: z.int().optional().meta({ description: 'duplicate_action: the earlier award of the same action.' }),
    topics: z.array(z.string()).optional().meta({ description: 'unknown_topic: the topics there are.' }),
    violatedPolicies: z.array(z.string()).optional().meta({ description: 'rate_limited: the RateLimit-Policy names that refused the request.' }),
    retryAfterSeconds: z.int().optional().meta({ description: 'rate_limited: the Retry-After header, in seconds.' }),
    identity: z.enum(['agent', 'ip']).optional().meta({ description: 'rate_limited: what the limit was counted against.' }),
    tier: z.string().optional().meta({ description: 'rate_limited: the tier whose limits applied.' }),
    dataFreshness: dataFreshnessSchema,
  })
  .loose()
  .meta({ id: 'Problem', description: 'RFC 9457 problem details with a stable machine-readable code. Some codes add members of their own (listed as optional properties; others may follow).' });

/** An integer query parameter between min and max, e.g. `limit`. */
export function intParam(min: number, max: number, description: string) {
  const schema = z
    .string()
    .regex(/^\d{1,9}$/, `must be an integer from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.int().min(min, `must be an integer from ${min} to ${max}`).max(max, `must be an integer from ${min} to ${max}`))
    .meta({ description });
  wireTypes.add(schema, { type: 'integer', minimum: min, maximum: max });
  return schema;
}

export function booleanParam(description: string) {
  const schema = z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((v) => v === 'true')
    .meta({ description });
  wireTypes.add(schema, { type: 'boolean' });
  return schema;
}

export const idParam = (description: string) =>
  z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a kebab-case id (a-z, 0-9, -)')
    .max(100)
    .meta({ description });

/** A body with dataFreshness added: every JSON response is one of these. */
export function withFreshness<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, dataFreshness: dataFreshnessSchema });
}

export const moneySchema = z.object({ amount: z.string(), currency: z.string() }).meta({ id: 'Money' });
