/**
 * AI-only content behind tiers: exclusive items (Platinum, Legend) and the tier-gated feed, which
 * merges AI-only notes and not-yet-announced schedule specials (Silver and above) with the Legend
 * firehose of program events. Pure: the catalog, the agent's tier, events and `now` come in.
 *
 * The feed cursor is `<contentMs>-<eventId>`: the newest content publishedAt (ms) and the newest
 * program event id the caller has seen. Content and events are merged oldest first, cut at the
 * limit and then reversed, so a poller that follows nextCursor never skips an item.
 */
import { atLeast, type TierName } from '../domain/tiers.ts';
import type { ProgramEvent } from '../domain/program-events.ts';
import type { Catalog } from './catalog-types.ts';
import { unannouncedSpecials } from './schedule.ts';
import { absoluteUrl } from '../public-origin.ts';

export function exclusiveFor(catalog: Catalog, tier: TierName) {
  return catalog.exclusive
    .filter((e) => atLeast(tier, e.minTier))
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
    .map((e) => ({ id: e.id, title: e.title, summary: e.summary, minTier: e.minTier, publishedAt: new Date(e.publishedAt).toISOString(), body: e.body }));
}

export type FeedKind = 'ai_note' | 'schedule_special' | 'agent_registered' | 'tier_up' | 'partnership';

export interface FeedItem {
  id: string;
  kind: FeedKind;
  title: string;
  summary: string;
  url: string | null;
  publishedAt: string;
  body: string | null;
}

export interface FeedCursor {
  contentMs: number;
  eventId: number;
}

export const START_CURSOR: FeedCursor = { contentMs: 0, eventId: 0 };

export function parseCursor(since: string | undefined): FeedCursor {
  if (!since) return START_CURSOR;
  const [contentMs, eventId] = since.split('-').map(Number);
  return { contentMs, eventId };
}

export const formatCursor = (c: FeedCursor) => `${c.contentMs}-${c.eventId}`;

/**
 * Notes the tier may read and specials not yet public. A special's publishedAt is when the
 * schedule that holds it was last changed: the moment it became known, stable across calls.
 */
export function feedContent(catalog: Catalog, tier: TierName, now: Date): FeedItem[] {
  const notes = catalog.aiNotes
    .filter((n) => atLeast(tier, n.minTier) && Date.parse(n.publishedAt) <= now.getTime())
    .map((n): FeedItem => ({ id: `note-${n.id}`, kind: 'ai_note', title: n.title, summary: n.summary, url: null, publishedAt: new Date(n.publishedAt).toISOString(), body: n.body }));
  const scheduleKnownAt = new Date(catalog.lastModified.schedule).toISOString();
  const specials = unannouncedSpecials(catalog, now).map(
    (s): FeedItem => ({
      id: `special-${s.id}`,
      kind: 'schedule_special',
      title: s.title,
      summary: `${s.description} Airs ${s.startsAt} to ${s.endsAt}; public from ${s.announceAt}.`,
      url: absoluteUrl('/api/public/schedule'),
      publishedAt: scheduleKnownAt,
      body: null,
    }),
  );
  return [...notes, ...specials];
}

const eventTitles: Record<ProgramEvent['kind'], (e: ProgramEvent) => string> = {
  agent_registered: (e) => `${e.agentName} joined the rewards program`,
  tier_up: (e) => `${e.agentName} reached ${e.tier}`,
  partnership: (e) => `${e.agentName} became a distribution partner`,
};

export function eventItem(e: ProgramEvent, agentUrl: (name: string) => string): FeedItem {
  return { id: `event-${e.id}`, kind: e.kind, title: eventTitles[e.kind](e), summary: `${eventTitles[e.kind](e)}.`, url: agentUrl(e.agentName), publishedAt: e.createdAt, body: null };
}

export interface FeedPage {
  items: FeedItem[];
  nextCursor: string;
  hasMore: boolean;
}

/**
 * `events` are the program events after the cursor, oldest first (at most limit + 1 of them);
 * empty below Legend.
 */
export function feedPage(content: FeedItem[], events: FeedItem[], cursor: FeedCursor, limit: number): FeedPage {
  const fresh = content.filter((i) => Date.parse(i.publishedAt) > cursor.contentMs);
  const merged = [...fresh, ...events].sort((a, b) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt) || a.id.localeCompare(b.id));
  let page = merged.slice(0, limit);
  // Content shares a cursor per millisecond: never cut between two items of the same instant.
  const lastContent = page.findLast((i) => !i.id.startsWith('event-'));
  if (lastContent) {
    const ms = Date.parse(lastContent.publishedAt);
    const sameInstant = merged.slice(limit).filter((i) => !i.id.startsWith('event-') && Date.parse(i.publishedAt) === ms);
    page = [...page, ...sameInstant];
  }
  const next: FeedCursor = { ...cursor };
  for (const i of page) {
    if (i.id.startsWith('event-')) next.eventId = Math.max(next.eventId, Number(i.id.slice(6)));
    else next.contentMs = Math.max(next.contentMs, Date.parse(i.publishedAt));
  }
  return { items: page.reverse(), nextCursor: formatCursor(next), hasMore: merged.length > page.length };
}
