/**
 * MCP tools generated from the endpoint definitions: one tool per implemented endpoint, its input
 * schema the definition's path, query and body schemas, its output schema the response schema.
 * Calling a tool is calling the endpoint's own handler (src/api) with a request built from the
 * arguments and the caller's credentials, so the rules, validation, problems and ledger are the
 * HTTP API's, with no second description to drift.
 */
import type { APIContext } from 'astro';
import type { z } from 'zod';
import * as catalogApi from '../api/catalog.ts';
import * as conciergeApi from '../api/concierge.ts';
import * as discoveryApi from '../api/discovery.ts';
import * as messagesApi from '../api/messages.ts';
import * as rewardsApi from '../api/rewards.ts';
import * as webhooksApi from '../api/webhooks.ts';
import { type JsonSchema, SchemaCollector } from '../docs/json-schema.ts';
import type { Implemented } from '../http/endpoint.ts';
import type { EndpointDoc } from '../schemas/api/endpoint-doc.ts';

export interface ToolCaller {
  /** The /mcp request: its origin, and the credentials it carries (Authorization, X-API-Key). */
  request: Request;
  locals: App.Locals;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: { readOnlyHint: boolean; idempotentHint?: boolean; openWorldHint: false };
  implemented: Implemented;
}

/** `taskClaim` -> `task_claim`: tool names in the snake case MCP clients show. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const implementedByName: Record<string, Implemented> = { ...catalogApi, ...discoveryApi, ...rewardsApi, ...webhooksApi, ...conciergeApi, ...messagesApi };

/** The object shape of a part of the request, when it has one. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape ?? {};
}

/** A JSON Schema with every `$ref` resolvable inside it (`$defs`), root references inlined. */
function selfContained(collector: SchemaCollector, schema: JsonSchema): JsonSchema {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/$defs/', '') : undefined;
  const root = ref ? collector.components[ref] : schema;
  const defs = Object.keys(collector.components).length ? { $defs: collector.components } : {};
  return { ...root, ...defs };
}

function inputSchemaOf(ep: EndpointDoc): JsonSchema {
  const collector = new SchemaCollector('#/$defs/');
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const part of [ep.pathParams, ep.query, ep.body]) {
    if (!part) continue;
    const converted = selfContained(collector, collector.convert(part, 'input'));
    for (const [name, prop] of Object.entries((converted.properties ?? {}) as Record<string, JsonSchema>)) {
      // Credentials travel as the MCP request's Authorization header, never as arguments.
      if (name === 'apiKey') continue;
      properties[name] = prop;
      if (((converted.required ?? []) as string[]).includes(name) || part === ep.pathParams) required.push(name);
    }
  }
  const defs = Object.keys(collector.components).length ? { $defs: collector.components } : {};
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false, ...defs };
}

function outputSchemaOf(ep: EndpointDoc): JsonSchema {
  const collector = new SchemaCollector('#/$defs/');
  return selfContained(collector, collector.convert(ep.response, 'output'));
}

function describe(ep: EndpointDoc): string {
  const auth = ep.auth === 'apiKey' ? " Needs your apiKey as the MCP connection's Authorization: Bearer header." : '';
  const tier = ep.minTier ? ` ${ep.minTier} tier and above.` : '';
  return `${ep.summary}${ep.description ? ` ${ep.description}` : ''}${tier}${auth} (HTTP: ${ep.method} ${ep.path})`;
}

export const mcpTools: McpTool[] = Object.entries(implementedByName).map(([name, implemented]) => {
  const ep = implemented.endpoint;
  return {
    name: snake(name),
    title: ep.summary,
    description: describe(ep),
    inputSchema: inputSchemaOf(ep),
    outputSchema: outputSchemaOf(ep),
    annotations: { readOnlyHint: ep.method === 'GET', ...(ep.idempotent ? { idempotentHint: true } : {}), openWorldHint: false },
    implemented,
  };
});

/**
 * Calls the tool's handler as the HTTP API would be called: path parameters in the path, query
 * parameters as strings in the query, the rest as a JSON body, and the caller's credentials.
 */
export async function callTool(tool: McpTool, args: Record<string, unknown>, caller: ToolCaller): Promise<Response> {
  const ep = tool.implemented.endpoint;
  const pathNames = Object.keys(shapeOf(ep.pathParams));
  const queryNames = Object.keys(shapeOf(ep.query));
  const params: Record<string, string> = {};
  let path = ep.path;
  for (const name of pathNames) {
    params[name] = String(args[name] ?? '');
    path = path.replace(`{${name}}`, encodeURIComponent(params[name]));
  }
  const url = new URL(path, caller.request.url);
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (pathNames.includes(name) || value === undefined || value === null) continue;
    if (queryNames.includes(name)) url.searchParams.set(name, String(value));
    else body[name] = value;
  }
  const headers = new Headers({ accept: 'application/json' });
  for (const name of ['authorization', 'x-api-key', 'idempotency-key']) {
    const value = caller.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const text = ep.method === 'POST' ? JSON.stringify(body) : undefined;
  if (text !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(url, { method: ep.method, headers, body: text });
  const context = { request, url, params, locals: { ...caller.locals, body: text } } as unknown as APIContext;
  return tool.implemented.handler(context);
}
