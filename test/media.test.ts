/**
 * Every playable URL plays: each media URL the API, the feeds and the pages hand out answers 200
 * from the built server with the right Content-Type and the bytes of the file in public/ (an
 * enclosure exactly its declared length), and audio and video answer byte ranges, which Safari
 * and podcast apps need.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startService, type TestService } from './support/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startService();
});

afterAll(async () => {
  await service?.stop();
});

const expectedType: Record<string, RegExp> = {
  '.mp4': /^video\/mp4$/,
  '.mp3': /^audio\/mpeg$/,
  '.vtt': /^text\/vtt(;|$)/,
};

/** Site path of an absolute or site-relative URL (the API makes them absolute with site.baseUrl). */
const pathOf = (url: string) => new URL(url, 'https://canopycove.example').pathname;
const extension = (path: string) => path.slice(path.lastIndexOf('.'));

interface Found {
  path: string;
  where: string;
  lengthBytes?: number;
}

async function mediaFromApi(): Promise<Found[]> {
  const found: Found[] = [];
  const list = await request(service.url, '/api/public/videos?limit=100');
  for (const item of list.body.items as Array<{ id: string }>) {
    const one = await request(service.url, `/api/public/videos/${item.id}`);
    found.push({ path: pathOf(one.body.video.playbackUrl), where: `API video ${item.id}` });
  }
  const clips = await request(service.url, '/api/public/clips?limit=100');
  for (const clip of clips.body.items) found.push({ path: pathOf(clip.playbackUrl), where: `API clip ${clip.id}` });
  const podcast = await request(service.url, '/api/public/podcast');
  for (const e of podcast.body.episodes) {
    found.push({ path: pathOf(e.audio.url), where: `API episode ${e.id}`, lengthBytes: e.audio.lengthBytes });
    if (e.transcriptUrl) found.push({ path: pathOf(e.transcriptUrl), where: `API transcript ${e.id}` });
  }
  return found;
}

async function mediaFromFeeds(): Promise<Found[]> {
  const xml = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' });
  const found: Found[] = [];
  const podcast = xml.parse(await (await fetch(`${service.url}/feeds/podcast.xml`)).text());
  for (const item of podcast.rss.channel.item) {
    found.push({ path: pathOf(item.enclosure['@_url']), where: 'podcast.xml enclosure', lengthBytes: Number(item.enclosure['@_length']) });
    if (item['podcast:transcript']) found.push({ path: pathOf(item['podcast:transcript']['@_url']), where: 'podcast.xml transcript' });
  }
  const videos = xml.parse(await (await fetch(`${service.url}/feeds/videos.xml`)).text());
  for (const item of videos.rss.channel.item) found.push({ path: pathOf(item['media:content']['@_url']), where: 'videos.xml media:content' });
  const json = await (await fetch(`${service.url}/feeds/videos.json`)).json();
  for (const item of json.items) for (const a of item.attachments ?? []) found.push({ path: pathOf(a.url), where: 'videos.json attachment' });
  return found;
}

async function mediaFromPages(): Promise<Found[]> {
  const found: Found[] = [];
  const srcs = (html: string, where: string) => [...html.matchAll(/<(?:video|audio|source)\b[^>]*\ssrc="([^"]+)"|<a\b[^>]*href="([^"]+\.vtt)"/g)].map((m) => ({ path: pathOf(m[1] ?? m[2]), where }));
  const list = await request(service.url, '/api/public/videos?limit=100');
  for (const item of list.body.items as Array<{ id: string }>) found.push(...srcs(await (await fetch(`${service.url}/videos/${item.id}`)).text(), `/videos/${item.id}`));
  found.push(...srcs(await (await fetch(`${service.url}/podcast`)).text(), '/podcast'));
  found.push(...srcs(await (await fetch(`${service.url}/clips`)).text(), '/clips'));
  return found;
}

describe('media URLs', () => {
  it('every video, clip, episode and transcript URL in the API, the feeds and the pages answers 200 with its type and its bytes', async () => {
    const api = await mediaFromApi();
    const feeds = await mediaFromFeeds();
    const pages = await mediaFromPages();
    expect(api.filter((f) => f.path.endsWith('.mp4')).length).toBeGreaterThanOrEqual(24 + 12);
    expect(api.filter((f) => f.path.endsWith('.mp3')).length).toBeGreaterThanOrEqual(8);
    expect(api.some((f) => f.path.endsWith('.vtt'))).toBe(true);
    expect(pages.filter((f) => f.path.endsWith('.mp3')).length).toBeGreaterThanOrEqual(8);
    expect(pages.some((f) => f.path.endsWith('.vtt'))).toBe(true);

    const problems: string[] = [];
    const checked = new Map<string, number>();
    for (const f of [...api, ...feeds, ...pages]) {
      const type = expectedType[extension(f.path)];
      if (!type) {
        problems.push(`${f.where}: ${f.path} is not .mp4, .mp3 or .vtt`);
        continue;
      }
      if (!checked.has(f.path)) {
        const res = await fetch(service.url + f.path);
        const body = Buffer.from(await res.arrayBuffer());
        const onDisk = readFileSync(resolve(`public${f.path}`));
        if (res.status !== 200) problems.push(`${f.where}: ${f.path} -> ${res.status}`);
        else if (!type.test(res.headers.get('content-type') ?? '')) problems.push(`${f.where}: ${f.path} has Content-Type ${res.headers.get('content-type')}`);
        else if (!body.equals(onDisk)) problems.push(`${f.where}: ${f.path} is not the file in public/`);
        if (f.path.endsWith('.vtt') && !body.toString('utf8').startsWith('WEBVTT')) problems.push(`${f.where}: ${f.path} is not WebVTT`);
        checked.set(f.path, body.length);
      }
      if (f.lengthBytes !== undefined && f.lengthBytes !== checked.get(f.path)) problems.push(`${f.where}: ${f.path} declares ${f.lengthBytes} bytes, serves ${checked.get(f.path)}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('byte ranges for audio and video', () => {
  const path = '/media/podcast/ep-002.mp3';
  const size = () => statSync(resolve(`public${path}`)).size;

  it('advertises them and answers a range with 206 and exactly those bytes', async () => {
    const whole = readFileSync(resolve(`public${path}`));
    const head = await fetch(service.url + path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('accept-ranges')).toBe('bytes');

    const first = await fetch(service.url + path, { headers: { Range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${size()}`);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await first.arrayBuffer()).equals(whole.subarray(0, 100))).toBe(true);

    const open = await fetch(service.url + path, { headers: { Range: 'bytes=1000-' } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(whole.subarray(1000))).toBe(true);

    const suffix = await fetch(service.url + path, { headers: { Range: 'bytes=-10' } });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size() - 10}-${size() - 1}/${size()}`);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(whole.subarray(size() - 10))).toBe(true);

    const video = await fetch(`${service.url}/media/videos/cc-001.mp4`, { headers: { Range: 'bytes=0-' } });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    await video.arrayBuffer();
  });

  it('answers 416 past the end, and the whole file for a stale If-Range or several ranges', async () => {
    const past = await fetch(service.url + path, { headers: { Range: `bytes=${size()}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size()}`);
    await past.arrayBuffer();

    const stale = await fetch(service.url + path, { headers: { Range: 'bytes=0-9', 'If-Range': '"not-the-etag"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(size());

    const etag = (await fetch(service.url + path, { method: 'HEAD' })).headers.get('etag')!;
    const fresh = await fetch(service.url + path, { headers: { Range: 'bytes=0-9', 'If-Range': etag } });
    expect(fresh.status).toBe(206);
    expect((await fresh.arrayBuffer()).byteLength).toBe(10);

    const several = await fetch(service.url + path, { headers: { Range: 'bytes=0-9,20-29' } });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(size());
  });

  it('leaves other files as they were: no ranges on pages or JSON', async () => {
    const page = await fetch(`${service.url}/podcast`, { headers: { Range: 'bytes=0-9' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('accept-ranges')).toBeNull();
    await page.arrayBuffer();
  });
});
