/**
 * zod -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1). Named schemas (`.meta({ id })`) are
 * collected into one shared map and referenced, so each appears once.
 */
import { z } from 'zod';
import { wireTypes } from '../schemas/api/common.ts';

export type JsonSchema = Record<string, unknown>;

/** Wrappers whose inner schema says what the value is. */
const WRAPPERS = new Set(['default', 'optional', 'nullable', 'prefault', 'readonly']);

function wireTypeOf(schema: z.ZodType) {
  for (let s: z.ZodType | undefined = schema; s; ) {
    const wire = wireTypes.get(s);
    if (wire) return wire;
    const def = s._zod.def as { type: string; innerType?: z.ZodType };
    s = WRAPPERS.has(def.type) ? def.innerType : undefined;
  }
  return undefined;
}

/**
 * Adjusts zod's output where it would describe the parser rather than the data, or say more than
 * the data needs:
 * - a query parser registered in `wireTypes` (`limit`, `featured`) is described as the integer or
 *   boolean a client sends, with its default;
 * - a record keyed by an enum (counts per topic) lists its keys as properties, which is what it
 *   means and what linters can check `required` against.
 */
function override(io: 'input' | 'output') {
  return ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) => {
    const schema = zodSchema as z.ZodType;
    const wire = io === 'input' ? wireTypeOf(schema) : undefined;
    if (wire) {
      for (const key of Object.keys(jsonSchema)) if (key !== 'description') delete jsonSchema[key];
      Object.assign(jsonSchema, wire);
      const def = schema._zod.def as { type: string; defaultValue?: unknown };
      if (def.type === 'default') jsonSchema.default = def.defaultValue;
      return;
    }
    // z.int() states the safe-integer range as bounds; no value of ours comes near it.
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    const keys = (jsonSchema.propertyNames as JsonSchema | undefined)?.enum;
    if (schema._zod.def.type === 'record' && Array.isArray(keys) && jsonSchema.properties === undefined) {
      jsonSchema.properties = Object.fromEntries(keys.map((k) => [String(k), jsonSchema.additionalProperties ?? {}]));
      jsonSchema.additionalProperties = false;
      delete jsonSchema.propertyNames;
    }
  };
}

export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  /** `refBase`: where the collected schemas sit in the document that embeds them. */
  constructor(private readonly refBase = '#/components/schemas/') {}

  /** `io: 'input'` describes what a client sends (query strings, bodies); 'output' what it receives. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', override: override(io) }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const rewrite = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${this.refBase}`)) as T;
    for (const [name, def] of Object.entries(json.$defs ?? {})) this.components[name] ??= rewrite(def);
    const { $defs: _defs, $schema: _dialect, id, ...rest } = json as JsonSchema & { $defs?: unknown; $schema?: unknown; id?: string };
    const body = rewrite(rest);
    if (typeof id === 'string') {
      this.components[id] ??= body;
      return { $ref: `${this.refBase}${id}` };
    }
    return body;
  }

  /**
   * `schema` made to stand alone, for a refBase of `#/$defs/`: a root reference inlined, and
   * under `$defs` only the collected schemas it uses, directly or through each other.
   */
  selfContained(schema: JsonSchema): JsonSchema {
    const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/$defs/', '') : undefined;
    const root = ref ? this.components[ref] : schema;
    const used: Record<string, JsonSchema> = {};
    const visit = (value: unknown) => {
      for (const [, name] of JSON.stringify(value).matchAll(/"#\/\$defs\/([^"]+)"/g)) {
        if (used[name] || !this.components[name]) continue;
        used[name] = this.components[name];
        visit(used[name]);
      }
    };
    visit(root);
    return Object.keys(used).length ? { ...root, $defs: used } : root;
  }
}

/** Whether a query/path field may be left out (optional or defaulted). */
export function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}
