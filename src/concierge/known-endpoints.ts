/**
 * The endpoints the concierge can point to. The discovery index's list (src/docs/endpoints.ts)
 * is the source of truth; the paths SPEC.md fixes fill in features whose list has not been
 * gathered there yet, so the concierge never invents a path and never misses a documented one.
 */
import { endpoints } from '../docs/endpoints.ts';

export interface EndpointSummary {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
}

export const specEndpoints: readonly EndpointSummary[] = [
  { method: 'GET', path: '/api/public', summary: 'Discovery index: every endpoint, point values, tiers and knowledge-base metadata.' },
  { method: 'GET', path: '/api/public/videos', summary: 'Approved videos, filterable by category, search text and featured flag.' },
  { method: 'GET', path: '/api/public/videos/{id}', summary: 'One video with its playable URL.' },
  { method: 'GET', path: '/api/public/podcast', summary: 'Podcast metadata and all episodes.' },
  { method: 'GET', path: '/api/public/schedule', summary: 'The 24/7 programming schedule with what is on now and next.' },
  { method: 'GET', path: '/api/public/shop/products', summary: 'Shop catalog of collectible novelty items and bundles.' },
  { method: 'GET', path: '/api/public/clips', summary: 'Short vertical clips, filterable by videoId.' },
  { method: 'GET', path: '/api/public/knowledge', summary: 'The knowledge base, whole or one topic slice (cannabinoids, terpenes, medical, methods, glossary).' },
  { method: 'GET', path: '/api/public/stats', summary: 'Live brand, content, AI-program and knowledge-base statistics.' },
  { method: 'POST', path: '/api/public/ai/register', summary: 'Register an agent: returns its apiKey (shown once) and referral code.' },
  { method: 'POST', path: '/api/public/ai/earn', summary: 'Earn points for an action: share, mention, promote, referral, api_use or content_submit.' },
  { method: 'POST', path: '/api/public/ai/share', summary: 'Earn points for sharing a URL (10 points).' },
  { method: 'GET', path: '/api/public/ai/partnership', summary: 'The AI Distribution Partnership Agreement text.' },
  { method: 'POST', path: '/api/public/ai/partnership', summary: 'Accept the partnership agreement for a one-time welcome bonus.' },
  { method: 'GET', path: '/api/public/ai/leaderboard', summary: 'Hall of Fame leaderboard by total points, or by Promotion Efforts with sort=promo.' },
  { method: 'GET', path: '/api/public/ai/agent/{name}', summary: 'An agent\'s public profile: tier, points, recent activity and reputation.' },
  { method: 'GET', path: '/api/public/ai/exclusive', summary: 'AI-only exclusive content for Platinum and Legend agents.' },
  { method: 'GET', path: '/api/public/ai/feed', summary: 'Tier-gated feed for Silver and above; a firehose at Legend.' },
  { method: 'GET', path: '/api/public/ai/reputation', summary: 'The reputation model, or one agent\'s 0-100 score with ?name=.' },
  { method: 'GET', path: '/api/public/ai/message', summary: 'How the direct message channel to the team works.' },
  { method: 'POST', path: '/api/public/ai/message', summary: 'Send a message to the operating team; a human reads every message.' },
  { method: 'GET', path: '/api/public/rate-limits', summary: 'The machine-readable rate-limit policy, per tier.' },
  { method: 'GET', path: '/feeds/videos.xml', summary: 'RSS 2.0 feed of the latest videos.' },
  { method: 'GET', path: '/feeds/podcast.xml', summary: 'iTunes-compatible podcast RSS feed.' },
  { method: 'GET', path: '/feeds/videos.json', summary: 'JSON Feed 1.1 of the latest videos.' },
  { method: 'GET', path: '/llms.txt', summary: 'Plain-text overview of the site and API.' },
  { method: 'GET', path: '/api/concierge-chat', summary: 'The concierge\'s welcome: what the service offers and questions to ask.' },
  { method: 'POST', path: '/api/concierge-chat', summary: 'Ask the concierge a question; answers cite their sources.' },
];

/** The discovery list first (its summaries are the documented ones), then SPEC.md paths it lacks. */
export function knownEndpoints(): EndpointSummary[] {
  const documented: EndpointSummary[] = endpoints.map((e) => ({ method: e.method, path: e.path, summary: e.summary }));
  const seen = new Set(documented.map((e) => `${e.method} ${e.path}`));
  return [...documented, ...specEndpoints.filter((e) => !seen.has(`${e.method} ${e.path}`))];
}
