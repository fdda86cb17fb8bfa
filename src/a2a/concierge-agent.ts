/**
 * The concierge as an A2A agent: its agent card, and JSON-RPC `message/send` (A2A 0.3) or
 * `SendMessage` (A2A 1.0) answered by the concierge endpoint's own handler, through the official
 * SDK's request handler (@a2a-js/sdk) driven from an Astro endpoint instead of Express. Answers
 * are single messages (no tasks, no streaming): a question in, a grounded answer with its
 * sources out.
 */
import { A2A_PROTOCOL_VERSION, type AgentCard, Role } from '@a2a-js/sdk';
import { isLegacyJsonRpcMethod } from '@a2a-js/sdk/compat/v0_3';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { AgentEvent, type AgentExecutor, DefaultRequestHandler, defaultServerCallContextBuilder, InMemoryTaskStore, JsonRpcTransportHandler, UnauthenticatedUser } from '@a2a-js/sdk/server';
import { catalog } from '../catalog/data.ts';
import { suggestedQuestions } from '../concierge/welcome.ts';
import { publicOrigin } from '../public-origin.ts';

/** The /a2a request: its origin and credentials, and the server's answer path. */
interface Caller {
  request: Request;
  locals: App.Locals;
}

export function agentCard(): AgentCard & Record<string, unknown> {
  const base = publicOrigin();
  return {
    name: `${catalog.site.name} concierge`,
    description: `Answers questions about ${catalog.site.name} from the service's own data: the AI rewards program (points, tiers, partnership, leaderboard), the schedule and what is on now, videos, podcast, shop, feeds, and the citable knowledge base (educational, not medical advice). Every answer lists its sources.`,
    supportedInterfaces: [{ url: `${base}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: A2A_PROTOCOL_VERSION }],
    provider: { organization: catalog.site.name, url: base },
    version: catalog.contentVersion,
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'concierge',
        name: 'Ask the concierge',
        description: 'Grounded answers with sources about the rewards program, the schedule, the catalog and the knowledge base. Questions with no answer say so and point to the message channel.',
        tags: ['rewards', 'schedule', 'videos', 'knowledge-base', 'support'],
        examples: [...suggestedQuestions],
        inputModes: ['text/plain'],
        outputModes: ['text/plain'],
        securityRequirements: [],
      },
    ],
    documentationUrl: `${base}/developers`,
    signatures: [],
    // The same endpoint as A2A 0.3 clients read it (their card names one url and its transport).
    url: `${base}/a2a`,
    preferredTransport: 'JSONRPC',
    protocolVersion: '0.3.0',
  };
}

function concierge(caller: Caller): AgentExecutor {
  return {
    cancelTask: async () => {},
    async execute(requestContext, eventBus) {
      const message = requestContext.userMessage;
      const text = message.parts
        .map((p) => (p.content?.$case === 'text' ? p.content.value : ''))
        .join(' ')
        .trim();
      // The concierge's own operation, asked through the server's answer path with the caller's credentials.
      const headers = new Headers({ 'content-type': 'application/json' });
      for (const name of ['authorization', 'x-api-key']) {
        const value = caller.request.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      const body = JSON.stringify({ message: text || 'Hello', sessionId: requestContext.contextId.slice(0, 100) });
      const response = await caller.locals.invoke(new Request(new URL('/api/concierge-chat', caller.request.url), { method: 'POST', headers, body }));
      const answer = (await response.json()) as { reply?: string; detail?: string; sources?: { title: string; url: string }[] };
      const sources = answer.sources ?? [];
      const reply = response.ok
        ? `${answer.reply}${sources.length ? `\n\nSources:\n${sources.map((s) => `- ${s.title}: ${s.url}`).join('\n')}` : ''}`
        : `Sorry, that question could not be read: ${answer.detail}`;
      eventBus.publish(
        AgentEvent.message({
          role: Role.ROLE_AGENT,
          messageId: crypto.randomUUID(),
          parts: [{ content: { $case: 'text', value: reply }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
          contextId: requestContext.contextId,
          taskId: '',
          extensions: [],
          metadata: { sources },
          referenceTaskIds: [],
        }),
      );
      eventBus.finished();
    },
  };
}

/** Answers one JSON-RPC request posted to /a2a. */
export async function handleA2a(caller: Caller): Promise<Response> {
  let body: unknown;
  try {
    body = JSON.parse(caller.locals.body ?? (await caller.request.text()));
  } catch {
    return Response.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not JSON.' } });
  }
  const handler = new DefaultRequestHandler(agentCard(), new InMemoryTaskStore(), concierge(caller));
  const legacy = isLegacyJsonRpcMethod((body as { method?: unknown })?.method);
  const transport = legacy ? new LegacyJsonRpcTransportHandler(handler) : new JsonRpcTransportHandler(handler);
  const context = defaultServerCallContextBuilder({
    extensions: undefined,
    user: new UnauthenticatedUser(),
    headers: Object.fromEntries(caller.request.headers),
    requestedVersion: caller.request.headers.get('a2a-version') ?? undefined,
  });
  const result = await transport.handle(body as Record<string, unknown>, context);
  if (typeof (result as AsyncGenerator)[Symbol.asyncIterator] === 'function') {
    return Response.json({ jsonrpc: '2.0', id: (body as { id?: unknown }).id ?? null, error: { code: -32004, message: 'Streaming is not supported: use message/send.' } });
  }
  return Response.json(result);
}
