/**
 * /mcp as the front server sees it (src/http/route-table.ts): a tool call counts against the
 * rate limits as its operation does (a read tool as a read, earn as a write), every other
 * message (initialize, tools/list, resources) as a read, and a refused tool call is answered as
 * the tool error an MCP client shows its agent.
 */
import type { Door } from '../http/route-table.ts';
import { rateClassOf } from '../schemas/api/endpoint-doc.ts';
import { jsonOf } from './server.ts';
import { mcpTools } from './tools.ts';

const classOfTool = new Map(mcpTools.map((tool) => [tool.name, rateClassOf(tool.operation.definition)]));

export const mcpDoor: Door = {
  path: '/mcp',
  classify(body) {
    const message = body?.includes('tools/call') ? (jsonOf(body) as { jsonrpc?: unknown; method?: unknown; id?: unknown; params?: { name?: unknown } } | undefined) : undefined;
    if (message?.jsonrpc !== '2.0' || message.method !== 'tools/call') return { rateClass: 'read' };
    const id = typeof message.id === 'string' || (typeof message.id === 'number' && Number.isFinite(message.id)) ? message.id : undefined;
    const rateClass = (typeof message.params?.name === 'string' && classOfTool.get(message.params.name)) || 'read';
    return { rateClass, target: id === undefined ? undefined : { toolCallId: id } };
  },
};
