/**
 * MCP tools: one per operation the registry exposes (src/api/registry.ts), named by its
 * operationId, its input schema the definition's path, query and body schemas, its output schema
 * the response schema. A tool call is a request to the operation through the server's own answer
 * path (`locals.invoke`): the same pre-rendered file, response cache, handler and problems as the
 * HTTP API, with no second description to drift.
 */
import type { z } from 'zod';
import { operations } from '../api/registry.ts';
import { type JsonSchema, SchemaCollector } from '../docs/json-schema.ts';
import type { Operation } from '../http/operation.ts';
import { type EndpointDoc, isMcpTool } from '../schemas/api/endpoint-doc.ts';

export interface ToolCaller {
  /** The /mcp request: its origin, and the credentials it carries (Authorization, X-API-Key, Idempotency-Key). */
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
  operation: Operation;
}

/** The object shape of a part of the request, when it has one. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape ?? {};
}

function inputSchemaOf(ep: EndpointDoc): JsonSchema {
  const collector = new SchemaCollector('#/$defs/');
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const part of [ep.pathParams, ep.query, ep.body]) {
    if (!part) continue;
    const converted = collector.selfContained(collector.convert(part, 'input'));
    for (const [name, prop] of Object.entries((converted.properties ?? {}) as Record<string, JsonSchema>)) {
      // Credentials travel as the MCP request's Authorization header, never as arguments.
      if (name === 'apiKey') continue;
      properties[name] = prop;
      if (((converted.required ?? []) as string[]).includes(name) || part === ep.pathParams) required.push(name);
    }
  }
  return collector.selfContained({ type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false });
}

function outputSchemaOf(ep: EndpointDoc): JsonSchema {
  const collector = new SchemaCollector('#/$defs/');
  return collector.selfContained(collector.convert(ep.response, 'output'));
}

function describe(ep: EndpointDoc): string {
  const auth = ep.auth === 'apiKey' ? " Needs your apiKey as the MCP connection's Authorization: Bearer header." : '';
  const tier = ep.minTier ? ` ${ep.minTier} tier and above.` : '';
  return `${ep.summary}${ep.description ? ` ${ep.description}` : ''}${tier}${auth} (HTTP: ${ep.method} ${ep.path})`;
}

export const mcpTools: McpTool[] = operations
  .filter((operation) => isMcpTool(operation.definition))
  .map((operation) => {
    const ep = operation.definition;
    return {
      name: ep.operationId,
      title: ep.summary,
      description: describe(ep),
      inputSchema: inputSchemaOf(ep),
      outputSchema: outputSchemaOf(ep),
      annotations: { readOnlyHint: ep.method === 'GET', ...(ep.idempotent ? { idempotentHint: true } : {}), openWorldHint: false },
      operation,
    };
  });

/**
 * The tool's operation asked as the HTTP API asks it: path parameters in the path, query
 * parameters as strings in the query, the rest as a JSON body, with the caller's credentials.
 */
export function toolRequest(tool: McpTool, args: Record<string, unknown>, caller: ToolCaller): Request {
  const ep = tool.operation.definition;
  const pathNames = Object.keys(shapeOf(ep.pathParams));
  const queryNames = Object.keys(shapeOf(ep.query));
  let path = ep.path;
  for (const name of pathNames) path = path.replace(`{${name}}`, encodeURIComponent(String(args[name] ?? '')));
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
  if (ep.method !== 'POST') return new Request(url, { method: ep.method, headers });
  headers.set('content-type', 'application/json');
  return new Request(url, { method: 'POST', headers, body: JSON.stringify(body) });
}
