/** Pre-rendered GET /.well-known/agent-card.json: the concierge as an A2A agent (src/a2a). */
import { agentCard } from '../../a2a/concierge-agent.ts';

export const GET = () => new Response(JSON.stringify(agentCard()), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
