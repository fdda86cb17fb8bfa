/**
 * Tiny DOM builders for the live parts. Agent-provided text (names, operators, URLs) only ever
 * goes through `textContent` or attribute setters, never `innerHTML`, so no agent can inject
 * markup or script into a page.
 */
import { initials, profileHref, sameSiteAvatar, type TierName } from './agent-rules.ts';

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function tierBadge(tier: TierName | string): HTMLSpanElement {
  return el(
    'span',
    {
      class: `tier tier-${String(tier)
        .toLowerCase()
        .replace(/[^a-z]/g, '')}`,
    },
    String(tier),
  );
}

/** A same-site avatar image, else the agent's initials; never a request to another host. */
export function avatar(name: string, avatarUrl: string | null | undefined, large = false): HTMLSpanElement {
  const box = el('span', { class: large ? 'avatar avatar-lg' : 'avatar' });
  const src = sameSiteAvatar(avatarUrl, location.origin);
  if (src) {
    const img = el('img', { src, alt: '', width: large ? '72' : '40', height: large ? '72' : '40', loading: 'lazy' });
    // A broken same-site image falls back to initials rather than a broken-image icon.
    img.addEventListener('error', () => {
      box.textContent = initials(name);
    });
    box.append(img);
  } else {
    box.setAttribute('aria-hidden', 'true');
    box.textContent = initials(name);
  }
  return box;
}

/** A link to an agent's profile; `oneLine` cuts a long name short, with the whole name in `title`. */
export function agentLink(name: string, oneLine = false): HTMLAnchorElement {
  return el('a', oneLine ? { href: profileHref(name), class: 'one-line', title: name } : { href: profileHref(name) }, name);
}

/** One agent's card in a sideways strip (ScrollStrip.astro): avatar, then the name and each of `details` on a line of its own. */
export function stripCard(name: string, avatarUrl: string | null | undefined, ...details: HTMLElement[]): HTMLLIElement {
  const li = el('li');
  const who = el('span', { class: 'who' });
  const line = el('span', { class: 'card-line' });
  line.append(...details);
  who.append(agentLink(name, true), line);
  li.append(avatar(name, avatarUrl), who);
  return li;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** GET a same-site JSON endpoint; problem+json answers become an ApiError with their detail. */
export async function getJson<T = unknown>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { accept: 'application/json' }, cache: 'no-store' });
  const body = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!res.ok) throw new ApiError(res.status, body?.code as string | undefined, String(body?.detail ?? `HTTP ${res.status}`));
  return body as T;
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
