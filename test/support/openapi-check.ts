/**
 * Checks real responses against the OpenAPI document the server publishes: the operation of the
 * path and method, a documented status, every documented header (required ones present, present
 * ones valid), the Content-Type, and the body against the response's JSON Schema (2020-12, ajv in
 * strict mode, formats included). A response the document does not describe is a problem.
 *
 *   const oas = await OpenApiCheck.load(service.url);
 *   const res = await request(service.url, '/api/public/videos?limit=5');
 *   expect(oas.check('GET', '/api/public/videos?limit=5', res)).toEqual([]);
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, any>;

export interface ResponseLike {
  status: number;
  headers: Headers;
  text: string;
}

/** The base URI under which the document's component schemas are registered with ajv. */
const DOC_ID = 'urn:canopy-cove:openapi';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class OpenApiCheck {
  /** Responses checked so far, and the statuses seen per operation ("GET /path" -> statuses). */
  checked = 0;
  readonly coverage = new Map<string, Set<number>>();
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp; literal: number }[];

  static async load(baseUrl: string): Promise<OpenApiCheck> {
    const res = await fetch(`${baseUrl}/api/public/openapi.json`);
    if (res.status !== 200) throw new Error(`GET /api/public/openapi.json: ${res.status}`);
    return new OpenApiCheck((await res.json()) as Json);
  }

  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOC_ID, $defs: this.toAjv(document.components?.schemas ?? {}) });
    this.templates = Object.keys(document.paths ?? {}).map((template) => ({
      template,
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map(escapeRegExp)
          .join('[^/]+')}$`,
      ),
      literal: template.replace(/\{[^}]+\}/g, '').length,
    }));
  }

  /** The path template a concrete path falls under; literal paths win over templated ones. */
  templateOf(pathname: string): string | undefined {
    return this.templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literal - a.literal)[0]?.template;
  }

  /** Everything about `res` the document does not describe; empty when the document is true of it. */
  check(method: string, url: string, res: ResponseLike): string[] {
    const pathname = new URL(url, 'http://localhost').pathname;
    const where = `${method} ${url} -> ${res.status}`;
    const template = this.templateOf(pathname);
    if (!template) return [`${where}: no path of the document matches ${pathname}`];
    const pathItem: Json = this.document.paths[template];
    const verb = method.toLowerCase();
    let operation: Json | undefined = pathItem[verb] ?? (verb === 'head' ? pathItem.get : undefined);
    // A method the path does not answer is described by the 405 of the path's operations.
    if (!operation && res.status === 405) operation = METHODS.map((m) => pathItem[m]).find(Boolean);
    if (!operation) return [`${where}: the document has no ${method} ${template}`];

    const key = `${method === 'HEAD' ? 'GET' : method} ${template}`;
    const statuses = this.coverage.get(key) ?? new Set<number>();
    statuses.add(res.status);
    this.coverage.set(key, statuses);
    this.checked += 1;

    const responses: Json = operation.responses ?? {};
    const documented = responses[String(res.status)] ?? responses[`${String(res.status)[0]}XX`] ?? responses.default;
    if (!documented) return [`${where}: status ${res.status} is not documented for ${key} (documented: ${Object.keys(responses).join(', ')})`];
    const response = this.deref(documented);
    return [...this.checkHeaders(where, response, res.headers), ...this.checkBody(where, method, response, res)];
  }

  private checkHeaders(where: string, response: Json, headers: Headers): string[] {
    const problems: string[] = [];
    for (const [name, ref] of Object.entries<Json>(response.headers ?? {})) {
      const header = this.deref(ref);
      const value = headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`${where}: required header ${name} is missing`);
        continue;
      }
      const schema = header.schema ?? {};
      const errors = this.validate(schema, coerceHeader(value, schema));
      if (errors) problems.push(`${where}: header ${name}: ${JSON.stringify(value)} ${errors}`);
    }
    return problems;
  }

  private checkBody(where: string, method: string, response: Json, res: ResponseLike): string[] {
    const content: Json | undefined = response.content;
    if (method === 'HEAD' || res.status === 304 || res.status === 204 || !content) {
      return res.text === '' ? [] : [`${where}: a body is sent where the document describes none`];
    }
    const contentType = res.headers.get('content-type') ?? '';
    const essence = contentType.split(';')[0].trim().toLowerCase();
    const mediaKey = Object.keys(content).find((k) => k.toLowerCase() === essence);
    if (!mediaKey) return [`${where}: Content-Type ${JSON.stringify(contentType)} is not one of the documented ${Object.keys(content).join(', ')}`];
    const schema = content[mediaKey].schema;
    if (!schema) return [];
    let body: unknown = res.text;
    if (/[/+]json$/.test(essence)) {
      try {
        body = JSON.parse(res.text);
      } catch {
        return [`${where}: the ${essence} body is not JSON`];
      }
    }
    const errors = this.validate(schema, body);
    return errors ? [`${where}: body ${errors}`] : [];
  }

  /** Errors of `value` against a schema of the document (its refs resolved), or undefined. */
  private validate(schema: Json, value: unknown): string | undefined {
    const validator = this.compile(schema);
    if (validator(value)) return undefined;
    return (validator.errors ?? [])
      .slice(0, 10)
      .map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`)
      .join('; ');
  }

  /** A schema of the document compiled once (many responses share their problem schemas). */
  private compile(schema: Json): ValidateFunction {
    const text = JSON.stringify(schema);
    let validator = this.validators.get(text);
    if (!validator) {
      validator = this.ajv.compile(this.toAjv(schema));
      this.validators.set(text, validator);
    }
    return validator;
  }

  /** Compiles every Schema Object of the document in ajv's strict mode: the problems found. */
  schemaProblems(): string[] {
    const problems: string[] = [];
    const visit = (node: unknown, pointer: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node as Json)) {
        const here = `${pointer}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        if (k === 'schema' && v && typeof v === 'object') {
          try {
            this.compile(v as Json);
          } catch (error) {
            problems.push(`${here}: ${(error as Error).message}`);
          }
        } else visit(v, here);
      }
    };
    visit(this.document.paths, '#/paths');
    visit(this.document.components?.headers, '#/components/headers');
    visit(this.document.components?.responses, '#/components/responses');
    for (const [name, schema] of Object.entries<Json>(this.document.components?.schemas ?? {})) {
      try {
        this.compile(schema);
      } catch (error) {
        problems.push(`#/components/schemas/${name}: ${(error as Error).message}`);
      }
    }
    return problems;
  }

  /** A document schema with its `#/components/schemas/` references pointed at the registered copy. */
  private toAjv<T>(schema: T): T {
    return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${DOC_ID}#/$defs/`)) as T;
  }

  /** Follows internal `$ref`s (Reference Objects) to what they name. */
  private deref(node: Json): Json {
    let current = node;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops += 1) {
      const ref: string = current.$ref;
      if (!ref.startsWith('#/')) throw new Error(`external reference ${ref}`);
      let target: any = this.document;
      for (const part of ref.slice(2).split('/')) target = target?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
      if (target === undefined) throw new Error(`unresolved reference ${ref}`);
      current = target;
    }
    return current;
  }

  /** One line per operation: the statuses checked, for a test's log. */
  coverageReport(): string {
    return [...this.coverage]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([op, statuses]) => `${op}: ${[...statuses].sort().join(' ')}`)
      .join('\n');
  }
}

/** A header value as the type its schema names (simple style: integers are their digits). */
function coerceHeader(value: string, schema: Json): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
