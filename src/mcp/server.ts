/**
 * The MCP server at /mcp (Streamable HTTP, the official SDK's web-standard transport). Stateless:
 * each HTTP request gets a fresh server and transport and answers in plain JSON, so any instance
 * behind one address can answer any request and nothing is kept between them. Tools are the
 * endpoint definitions (tools.ts); resources are the knowledge base, the OpenAPI document and
 * llms.txt. The front server treats /mcp like any route: CORS, request ids, logs, and the rate
 * limits of the identity the Authorization header names.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { catalog } from '../catalog/data.ts';
import { DomainError } from '../domain/errors.ts';
import { toolError } from './tool-error.ts';
import { callTool, mcpTools, type ToolCaller } from './tools.ts';
import { readResource, resourceList, resourceTemplates } from './resources.ts';

export const MCP_SERVER_NAME = 'canopy-cove';

const toolsByName = new Map(mcpTools.map((t) => [t.name, t]));

/**
 * One JSON Schema validator for every request's server: the SDK would otherwise build an Ajv
 * instance per Server, which is most of a stateless request's cost. The server uses it only to
 * check elicitation answers, which this server never asks for, so sharing it shares no state.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** A short text rendering beside the structured result, for clients that show text only. */
function textOf(name: string, body: Record<string, unknown>): string {
  if (name === 'register' && typeof body.apiKey === 'string') {
    return `Registered. Your apiKey is ${body.apiKey} - it is shown only this once: store it now, then connect with Authorization: Bearer <apiKey>.`;
  }
  const json = JSON.stringify(body);
  return json.length > 4000 ? `${json.slice(0, 4000)}... (truncated; the structured content has everything)` : json;
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
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: mcpTools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({ name, title, description, inputSchema, outputSchema, annotations })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = toolsByName.get(request.params.name);
    if (!tool) return toolError({ code: 'not_found', status: 404, detail: `No tool is named ${request.params.name.slice(0, 100)}.` });
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    // The input schema allows no other property: a misspelt argument is an error, not ignored.
    const known = Object.keys((tool.inputSchema.properties ?? {}) as object);
    const unknown = Object.keys(args).filter((name) => !known.includes(name));
    if (unknown.length) {
      const names = unknown.map((n) => n.slice(0, 50)).join(', ');
      return toolError({ code: 'invalid_request', status: 400, detail: `Unknown argument ${names}. ${tool.name} takes ${known.length ? known.join(', ') : 'no arguments'}.` });
    }
    const response = await callTool(tool, args, caller);
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status >= 400) return toolError(body);
    return { content: [{ type: 'text', text: textOf(tool.name, body) }], structuredContent: body };
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: resourceList() }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: resourceTemplates() }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const contents = readResource(request.params.uri);
    if (!contents) throw new DomainError('not_found', `No resource at ${request.params.uri.slice(0, 200)}.`);
    return { contents: [contents] };
  });
  return server;
}

/** Answers one HTTP request to /mcp. `parsedBody`: the JSON the front server already read. */
export async function handleMcp(caller: ToolCaller): Promise<Response> {
  const text = caller.locals.body;
  let parsedBody: unknown;
  if (text !== undefined) {
    try {
      parsedBody = JSON.parse(text);
    } catch {
      parsedBody = undefined;
    }
  }
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
    await server.close();
  }
}
