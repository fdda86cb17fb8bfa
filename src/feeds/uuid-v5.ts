/**
 * RFC 9562 name-based UUIDs (version 5, SHA-1). The Podcasting 2.0 `podcast:guid` is defined as a
 * v5 UUID of the feed URL, and episode guids derived the same way stay identical across builds
 * and machines without anyone having to mint and store them.
 */
import { createHash } from 'node:crypto';

/** Namespace of `podcast:guid` (podcastindex.org namespace documentation). */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new Error(`not a UUID: ${namespace}`);
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The podcast:guid a feed URL gets: scheme and trailing slashes removed, per the namespace spec. */
export function podcastGuidFor(feedUrl: string): string {
  return uuidV5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
}
