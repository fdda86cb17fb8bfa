/**
 * Byte ranges for audio and video (RFC 9110 14): Safari plays media only from a server that
 * answers them, and players and podcast apps use them to seek and resume.
 */
import type { IncomingMessage } from 'node:http';

export function isMedia(contentType: string | undefined): boolean {
  return contentType !== undefined && (contentType.startsWith('audio/') || contentType.startsWith('video/'));
}

/** If-Range (RFC 9110 13.1.5): the range is sent only while the client's validator still holds. */
export function rangeApplies(req: IncomingMessage, etag: string | undefined, lastModified: string | undefined): boolean {
  const header = req.headers['if-range'];
  if (header === undefined) return true;
  const ifRange = String(header).trim();
  return ifRange.startsWith('"') ? ifRange === etag : ifRange === lastModified;
}

/**
 * One `bytes=first-last`, `bytes=first-` or `bytes=-suffix` range, clamped to the body. Anything
 * else (another unit, several ranges, bad syntax) is ignored, and the whole body is sent, as
 * RFC 9110 14.2 allows.
 */
export function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
