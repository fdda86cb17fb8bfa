/**
 * Compression of on-demand bodies: Brotli or gzip when the client accepts it and the body is
 * large enough to gain (pre-rendered files come precompressed from scripts/postbuild.ts).
 * Brotli at quality 5: on JSON of a few KiB it compresses about as well as the default 11 for a
 * small fraction of the CPU, which matters when a body is compressed per request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip';

/** Below this, compression saves less than its headers and CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE = /^(application\/([a-z0-9.+-]+\+)?(json|xml)|text\/)/i;

export function isCompressible(contentType: string | undefined, bytes: number): boolean {
  return bytes >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(contentType ?? '');
}

const OFFERED = ['br', 'gzip', 'identity'];

/**
 * Negotiations by header value: clients send few distinct Accept-Encoding values, and parsing
 * one costs more than a cached read's every other header together.
 */
const negotiated = new LRUCache<string, Encoding | 'identity'>({ max: 256 });

/**
 * The encoding to answer with, by the client's Accept-Encoding and its q-values (negotiator):
 * br before gzip when the client likes them equally; none for identity, or when it accepts neither.
 */
export function negotiate(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let best = negotiated.get(acceptEncoding);
  if (best === undefined) {
    // negotiator 1.x takes the preference for equal q-values; its published types predate that.
    const encoding = Negotiator.prototype.encoding as (this: Negotiator, available: string[], options: { preferred: string[] }) => string | undefined;
    const chosen = encoding.call(new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }), OFFERED, { preferred: OFFERED });
    best = chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
    negotiated.set(acceptEncoding, best);
  }
  return best === 'identity' ? undefined : best;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body, { level: 6 });
}
