/** What the video feeds publish: the newest approved videos, and how their media is typed. */
import type { Catalog } from '../catalog/catalog-types.ts';
import type { Video } from '../schemas/content.ts';

/** Feed readers poll; fifty items cover weeks of publishing without a heavy download. */
export const FEED_ITEM_LIMIT = 50;

/** `catalog.videos` holds approved videos only, newest first; re-sorted here so the feed does not depend on that. */
export function newestVideos(catalog: Catalog, limit = FEED_ITEM_LIMIT): Video[] {
  return [...catalog.videos]
    .filter((v) => v.status === 'approved')
    .sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || a.id.localeCompare(b.id))
    .slice(0, limit);
}

const mediaTypes: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  webm: 'video/webm',
  mov: 'video/quicktime',
  m3u8: 'application/vnd.apple.mpegurl',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  json: 'application/json',
  html: 'text/html',
  txt: 'text/plain',
};

/** The media type a URL's extension implies, or undefined when we cannot tell. */
export function mediaTypeOf(url: string): string | undefined {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return ext ? mediaTypes[ext] : undefined;
}
