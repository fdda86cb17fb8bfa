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
    generatedAt: z.iso.datetime().meta({ description: 'When the response was made.' }),
    source: z.enum(['build', 'live']).meta({ description: 'build for a pre-rendered response, live for one computed per request.' }),
    contentVersion: z.string().meta({ description: 'The dataset release and a short hash of the content the response came from.' }),
    lastModified: z.iso.datetime().meta({ description: 'The newest change among the data the response covers.' }),
    maxAgeSeconds: z.int().min(0).meta({ description: "The max-age of the response's Cache-Control." }),
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

/**
 * What a text field of a request body may hold: any Unicode text but the C0 control characters
 * (U+0000-U+001F) other than tab and newline, and DEL (U+007F). PostgreSQL cannot store U+0000 in
 * text at all, and the rest are terminal escapes, carriage returns that rewrite a line, and bells
 * that nobody means to send in a name, a description or a message; refusing them in the schema
 * makes both engines answer the same 400 naming the field. It is a `pattern` in the OpenAPI
 * document, so clients can check it first.
 */
export const PLAIN_TEXT_PATTERN = /^[^\u0000-\u0008\u000B-\u001F\u007F]*$/;
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/** The message of a refused text: which character, and where (1-based, in UTF-16 code units as JSON counts them). */
export function controlCharacterMessage(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  const at = text.search(CONTROL_CHARACTER);
  const found = at < 0 ? '' : ` (U+${text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')} at character ${at + 1})`;
  return `must not contain control characters other than tab and newline${found}`;
}

/** A string field of a request body: refuses control characters other than tab and newline (PLAIN_TEXT_PATTERN). */
export function textField() {
  return z.string({ message: 'must be a string' }).regex(PLAIN_TEXT_PATTERN, { error: (issue) => controlCharacterMessage(issue.input) });
}

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
