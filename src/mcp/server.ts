/**
 * The MCP server at /mcp (Streamable HTTP, the official SDK's web-standard transport). Stateless:
 * each HTTP request gets a fresh server and transport and answers in plain JSON, so any instance
 * behind one address can answer any request and nothing is kept between them. Tools are the
 * registry's operations (tools.ts); resources are the knowledge base, the OpenAPI document and
 * llms.txt. The front server treats /mcp like any route: CORS, request ids, logs, and the rate
 * limits of the identity the Authorization header names, counted by the class of the tool called.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { z } from 'zod';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { catalog } from '../catalog/data.ts';
import { problemToolResult } from '../http/problem.ts';
import { type McpTool, mcpTools, type ToolCaller, toolRequest } from './tools.ts';
import { readResource, resourceList, resourceTemplates } from './resources.ts';

export const MCP_SERVER_NAME = 'canopy-cove';

/** JSON-RPC's code for a resource that does not exist (MCP specification, resources). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * One JSON Schema validator for every request's server: the SDK would otherwise build an Ajv
 * instance per Server, which is most of a stateless request's cost.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

const tools = new Map(mcpTools.map((tool) => [tool.name, tool]));

const toolList = mcpTools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({ name, title, description, inputSchema, outputSchema, annotations }));

/** A short text rendering beside the structured result, for clients that show text only: the answer's own JSON. */
function textOf(name: string, body: Record<string, unknown>, json: string): string {
  if (name === 'register' && typeof body.apiKey === 'string') {
    return `Registered. Your apiKey is ${body.apiKey} - it is shown only this once: store it now, then connect with Authorization: Bearer <apiKey>.`;
  }
  return json.length > 4000 ? `${json.slice(0, 4000)}... (truncated; the structured content has everything)` : json;
}

/**
 * Arguments the operation could not be asked with: a path parameter missing (the path would name
 * nothing), or a name the input schema does not have. Everything else the operation's own schemas
 * check, and it answers invalid_request naming the field, as over HTTP.
 */
function argumentErrors(tool: McpTool, args: Record<string, unknown>): { path: string; message: string }[] {
  const pathNames = Object.keys((tool.operation.definition.pathParams as z.ZodObject | undefined)?.shape ?? {});
  const known = Object.keys((tool.inputSchema.properties ?? {}) as object);
  return [
    ...pathNames.filter((name) => typeof args[name] !== 'string' || args[name] === '').map((name) => ({ path: name, message: 'is required: a non-empty string' })),
    ...Object.keys(args)
      .filter((name) => !known.includes(name))
      .map((name) => ({ path: name.slice(0, 50), message: `is not an argument of ${tool.name}, which takes ${known.length ? known.join(', ') : 'none'}` })),
  ];
}

async function callTool(caller: ToolCaller, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const tool = tools.get(name);
  // An unknown tool is a protocol error (MCP, tools: error handling); bad arguments are the tool's error, for the agent to correct.
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name.slice(0, 100)}. tools/list names every tool.`);
  const errors = argumentErrors(tool, args);
  if (errors.length) {
    const detail = `Invalid arguments for tool ${name}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`;
    return problemToolResult({ code: 'invalid_request', status: 400, detail, errors });
  }
  const response = await caller.locals.invoke(toolRequest(tool, args, caller));
  const json = await response.text();
  const body = JSON.parse(json) as Record<string, unknown>;
  if (response.status >= 400) return problemToolResult(body);
  return { content: [{ type: 'text', text: textOf(name, body, json) }], structuredContent: body };
}

function buildServer(caller: ToolCaller): Server {
  const server = new Server(
    { name: MCP_SERVER_NAME, title: `${catalog.site.name} MCP server`, version: catalog.contentVersion },
    {
      capabilities: { tools: {}, resources: {} },
      jsonSchemaValidator,
      instructions: `${catalog.site.name}: videos, podcast, schedule, shop, clips, a citable knowledge base (CC-BY-4.0, educational, not medical advice) and an AI rewards program. Register with the register tool, then connect with Authorization: Bearer <apiKey> to earn, share, claim tasks and read tier-gated content.`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(caller, request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: resourceList() }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: resourceTemplates() }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const contents = await readResource(request.params.uri, caller);
    if (!contents) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${request.params.uri.slice(0, 200)}`, { uri: request.params.uri.slice(0, 200) });
    return { contents: [contents] };
  });
  return server;
}

/** Answers one HTTP POST to /mcp, whose JSON the front server already read (`locals.body`). */
export async function handleMcp(caller: ToolCaller): Promise<Response> {
  const parsedBody = jsonOf(caller.locals.body);
  // One message per request: a batch would run many calls, earns included, for one request the
  // rate limits count. MCP dropped JSON-RPC batching in its 2025-06-18 revision.
  if (Array.isArray(parsedBody)) {
    return Response.json(
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: batches are not supported; send one JSON-RPC message per HTTP request, so each call counts against your rate limits.' },
      },
      { status: 400 },
    );
  }
  const server = buildServer(caller);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(caller.request, parsedBody === undefined ? undefined : { parsedBody });
  } finally {
    // Closed once the call's own handler has finished (a turn later): closing at once would abort
    // its signal, and the DOMException that makes costs more than the rest of a cached tool call.
    // The answer is out by then, so a failure to close has nobody to tell.
    setImmediate(() => server.close().catch(() => undefined));
  }
}

export function jsonOf(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
