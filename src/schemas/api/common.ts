/**
 * Building blocks shared by request and response schemas. Query values arrive as strings, so the
 * numeric and boolean parsers here accept only the canonical spellings ("20", "true") and say so.
 */
import { z } from 'zod';
import { problemCodes } from '../../http/problem.ts';

export const dataFreshnessSchema = z
  .object({
    generatedAt: z.iso.datetime(),
    source: z.enum(['build', 'live']),
    contentVersion: z.string(),
    lastModified: z.iso.datetime(),
    maxAgeSeconds: z.int().min(0),
  })
  .meta({ id: 'DataFreshness', description: 'How current the data in this body is (CONTRACT.md section 1).' });

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    code: z.enum(Object.keys(problemCodes) as [keyof typeof problemCodes, ...(keyof typeof problemCodes)[]]),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
    dataFreshness: dataFreshnessSchema,
  })
  .loose()
  .meta({ id: 'Problem', description: 'RFC 9457 problem details with a stable machine-readable code.' });

/** An integer query parameter between min and max, e.g. `limit`. */
export function intParam(min: number, max: number, description: string) {
  return z
    .string()
    .regex(/^\d{1,9}$/, `must be an integer from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.int().min(min, `must be an integer from ${min} to ${max}`).max(max, `must be an integer from ${min} to ${max}`))
    .meta({ description });
}

export const booleanParam = (description: string) =>
  z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((v) => v === 'true')
    .meta({ description });

export const idParam = (description: string) =>
  z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a kebab-case id (a-z, 0-9, -)').max(100).meta({ description });

/** A body with dataFreshness added: every JSON response is one of these. */
export function withFreshness<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, dataFreshness: dataFreshnessSchema });
}

export const moneySchema = z.object({ amount: z.string(), currency: z.string() }).meta({ id: 'Money' });
