/**
 * zod -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1). Named schemas (`.meta({ id })`) are
 * collected into one shared components map and referenced, so each appears once.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  /** `io: 'input'` describes what a client sends (query strings, bodies); 'output' what it receives. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const rewrite = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as T;
    for (const [name, def] of Object.entries(json.$defs ?? {})) this.components[name] ??= rewrite(def);
    const { $defs: _defs, $schema: _dialect, id, ...rest } = json as JsonSchema & { $defs?: unknown; $schema?: unknown; id?: string };
    const body = rewrite(rest);
    if (typeof id === 'string') {
      this.components[id] ??= body;
      return { $ref: `#/components/schemas/${id}` };
    }
    return body;
  }
}

/** Whether a query/path field may be left out (optional or defaulted). */
export function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}
