import { STATIC_MAX_AGE_SECONDS } from '../domain/cache-policy.ts';

/**
 * `dataFreshness`, the object every JSON body carries (docs/api.md), and the
 * Cache-Control header that must agree with its `maxAgeSeconds`.
 */
export interface DataFreshness {
  generatedAt: string;
  source: 'build' | 'live';
  contentVersion: string;
  lastModified: string;
  maxAgeSeconds: number;
}

export function freshness(input: { source: DataFreshness['source']; generatedAt: Date | string; contentVersion: string; lastModified: Date | string; maxAgeSeconds?: number }): DataFreshness {
  return {
    generatedAt: new Date(input.generatedAt).toISOString(),
    source: input.source,
    contentVersion: input.contentVersion,
    lastModified: new Date(input.lastModified).toISOString(),
    maxAgeSeconds: input.maxAgeSeconds ?? (input.source === 'build' ? STATIC_MAX_AGE_SECONDS : 0),
  };
}

export function cacheControlFor(f: DataFreshness): string {
  return f.maxAgeSeconds > 0 ? `public, max-age=${f.maxAgeSeconds}` : 'no-store';
}
