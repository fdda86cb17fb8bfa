/**
 * Serves the pre-rendered build (dist/client) from memory.
 *
 * Why not stream from disk: the files are small, few and immutable for the life of the process,
 * so reading them once at start makes a pre-rendered read cost about as much as a bare
 * `res.end(buffer)`. Only paths found in the build can be served: the lookup is a Map of the
 * files that exist, so no request path can reach a file outside dist/client.
 *
 * Extension-less API paths map to the `.json` Astro wrote (`/api/public/videos` ->
 * `videos.json`); pages map to `.html` and `index.html`. Precompressed `.br` / `.gz` siblings
 * written by scripts/postbuild.ts are sent when the client accepts them.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { STATIC_MAX_AGE_SECONDS } from '../http/freshness.ts';
import { cspForHtml, isHtml } from './security-headers.ts';

interface Variant {
  body: Buffer;
  etag: string;
}

export interface Asset {
  path: string;
  contentType: string;
  cacheControl: string;
  lastModified: string;
  identity: Variant;
  br?: Variant;
  /** HTML only: the page's Content-Security-Policy, with the hashes of its inline scripts. */
  csp?: string;
  gzip?: Variant;
}

const types: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Feeds get their registered media types rather than the generic ones of their extension. */
const typeOverrides: Record<string, string> = {
  '/feeds/videos.xml': 'application/rss+xml; charset=utf-8',
  '/feeds/podcast.xml': 'application/rss+xml; charset=utf-8',
  '/feeds/videos.json': 'application/feed+json; charset=utf-8',
};

function cacheControlFor(path: string): string {
  // Astro's hashed bundles never change under the same name.
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  return `public, max-age=${STATIC_MAX_AGE_SECONDS}`;
}

function variant(body: Buffer): Variant {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
}

export class StaticFiles {
  private readonly assets = new Map<string, Asset>();

  constructor(readonly root: string) {
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
      const file = join(entry.parentPath, entry.name);
      const path = '/' + relative(root, file).split(sep).join('/');
      const identity = variant(readFileSync(file));
      const sibling = (ext: string) => {
        try {
          const v = variant(readFileSync(file + ext));
          // A variant's ETag must differ from the identity one: it is a different representation.
          return { ...v, etag: v.etag.replace(/"$/, `-${ext.slice(1)}"`) };
        } catch {
          return undefined;
        }
      };
      const contentType = typeOverrides[path] ?? types[extname(file)] ?? 'application/octet-stream';
      this.assets.set(path, {
        path,
        contentType,
        cacheControl: cacheControlFor(path),
        lastModified: statSync(file).mtime.toUTCString(),
        identity,
        br: sibling('.br'),
        gzip: sibling('.gz'),
        csp: isHtml(contentType) ? cspForHtml(identity.body.toString('utf8')) : undefined,
      });
    }
  }

  get size(): number {
    return this.assets.size;
  }

  /** The asset a request path names, trying the extensions our build produces. */
  lookup(pathname: string): Asset | undefined {
    const clean = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    return (
      this.assets.get(clean) ??
      this.assets.get(`${clean}.json`) ??
      this.assets.get(`${clean}.html`) ??
      this.assets.get(`${clean === '/' ? '' : clean}/index.html`)
    );
  }

  /**
   * Writes the asset, or 304 when the client's copy is current. HEAD gets headers only. `as`: a
   * status other than 200 (the 404 page) and a Cache-Control other than the file's.
   */
  send(req: IncomingMessage, res: ServerResponse, asset: Asset, as: { status?: number; cacheControl?: string } = {}): void {
    const { status = 200, cacheControl = asset.cacheControl } = as;
    const accept = String(req.headers['accept-encoding'] ?? '');
    const chosen =
      (asset.br && /\bbr\b/.test(accept) && { v: asset.br, enc: 'br' }) ||
      (asset.gzip && /\bgzip\b/.test(accept) && { v: asset.gzip, enc: 'gzip' }) || { v: asset.identity, enc: undefined };
    // One header list for writeHead rather than a setHeader each (see src/server/app-response.ts).
    const headers = ['Content-Type', asset.contentType, 'Cache-Control', cacheControl, 'ETag', chosen.v.etag, 'Last-Modified', asset.lastModified];
    if (asset.csp) headers.push('Content-Security-Policy', asset.csp);
    if (asset.br || asset.gzip) headers.push('Vary', 'Accept-Encoding');
    if (status === 200 && isNotModified(req, chosen.v.etag, asset.lastModified)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (chosen.enc) headers.push('Content-Encoding', chosen.enc);
    // Audio and video answer byte ranges (RFC 9110 14): Safari plays media only from a server
    // that does, and players and podcast apps use them to seek and resume. Never compressed.
    if (status === 200 && isMedia(asset.contentType)) {
      headers.push('Accept-Ranges', 'bytes');
      const size = chosen.v.body.length;
      const range = req.headers.range !== undefined && rangeApplies(req, chosen.v.etag, asset.lastModified) ? byteRange(String(req.headers.range), size) : undefined;
      if (range === 'unsatisfiable') {
        headers.push('Content-Range', `bytes */${size}`, 'Content-Length', '0');
        res.writeHead(416, headers);
        res.end();
        return;
      }
      if (range) {
        headers.push('Content-Range', `bytes ${range.start}-${range.end}/${size}`, 'Content-Length', String(range.end - range.start + 1));
        res.writeHead(206, headers);
        res.end(req.method === 'HEAD' ? undefined : chosen.v.body.subarray(range.start, range.end + 1));
        return;
      }
    }
    headers.push('Content-Length', String(chosen.v.body.length));
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : chosen.v.body);
  }
}

function isMedia(contentType: string): boolean {
  return contentType.startsWith('audio/') || contentType.startsWith('video/');
}

/** If-Range (RFC 9110 13.1.5): the range is sent only while the client's validator still holds. */
function rangeApplies(req: IncomingMessage, etag: string, lastModified: string): boolean {
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
function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
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

/** RFC 9110 13.1: If-None-Match wins over If-Modified-Since; weak comparison for GET/HEAD. */
function isNotModified(req: IncomingMessage, etag: string, lastModified: string): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    if (inm.trim() === '*') return true;
    const strip = (t: string) => t.trim().replace(/^W\//, '');
    return inm.split(',').some((t) => strip(t) === etag);
  }
  const ims = req.headers['if-modified-since'];
  if (ims !== undefined) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && Date.parse(lastModified) <= since;
  }
  return false;
}
