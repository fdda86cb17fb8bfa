/**
 * Which site a claimed page is on, as the per-host verification limit counts it, and which sites
 * the limit leaves alone. Pure.
 *
 * A site is the registrable domain of the page's host (the public suffix plus one label, from the
 * Public Suffix List, its private section included): a.evil.example and b.evil.example are one
 * site, so an attacker's wildcard DNS does not multiply the limit, while two GitHub Pages sites
 * (alice.github.io, bob.github.io), whose owners are independent, are two. An address literal or
 * a single-label name is its own site.
 */
import { getDomain } from 'tldts';
import { isBrandHost } from './brand-links.ts';

export function claimSite(hostname: string): string {
  const host = hostname
    .toLowerCase()
    .replace(/\.+$/, '')
    .replace(/^\[|\]$/g, '');
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/**
 * Large public platforms where a page is one account's post among millions: their host says
 * nothing about who wrote it, so they are not limited per host (an account there still needs a
 * page that links to the brand, and the per-agent rules still hold).
 */
export const EXEMPT_PLATFORMS = [
  'youtube.com',
  'youtu.be',
  'x.com',
  'twitter.com',
  'reddit.com',
  'facebook.com',
  'instagram.com',
  'tiktok.com',
  'linkedin.com',
  'medium.com',
  'substack.com',
  'github.com',
] as const;

/** Whether a page on `hostname` is outside the per-host limit: the brand's own hosts, and the platforms above. */
export function isExemptHost(hostname: string, brandHosts: readonly string[], platforms: readonly string[] = EXEMPT_PLATFORMS): boolean {
  return isBrandHost(hostname, brandHosts) || isBrandHost(hostname, platforms);
}
