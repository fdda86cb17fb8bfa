/**
 * Compression of on-demand bodies: Brotli or gzip when the client accepts it and the body is
 * large enough to gain (pre-rendered files come precompressed from scripts/postbuild.ts).
 * Brotli at quality 5: on JSON of a few KiB it compresses about as well as the default 11 for a
 * small fraction of the CPU, which matters when a body is compressed per request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this, compression saves less than its headers and CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE = /^(application\/([a-z0-9.+-]+\+)?(json|xml)|text\/)/i;

export function isCompressible(contentType: string | undefined, bytes: number): boolean {
  return bytes >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(contentType ?? '');
}

/** The encoding to answer with: br before gzip, as the client's Accept-Encoding allows. */
export function negotiate(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return undefined;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipSync(body, { level: 6 });
}
