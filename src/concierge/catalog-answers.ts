/**
 * Answers about the catalog the API serves: videos (by subject, category, featured, newest),
 * clips, podcast episodes (by subject, number, newest) and shop products (one product's price,
 * availability and contents, the cheapest, a few to browse). Each cites the same URLs the API
 * lists the items under, and reads the build-time catalog, so an answer cannot disagree with
 * GET /api/public/videos, /podcast or /shop/products.
 */
import { shopBody } from '../catalog/media.ts';
import type { Answer, Source } from './answer-types.ts';
import { durationText, listText, type AnswerContext } from './answer-format.ts';
import type { SearchHit } from './search-index.ts';

const NO_KEY = 'no key needed';

/** Hits that cover at least half the subject, or the single best one when it covers something. */
function relevant(hits: SearchHit[] | undefined, minCoverage = 0.5): SearchHit[] {
  const good = (hits ?? []).filter((h) => h.coverage >= minCoverage);
  if (!good.length) return [];
  const top = Math.max(...good.map((h) => h.coverage));
  return good.filter((h) => h.coverage >= top - 0.01);
}

export function videosAnswer(ctx: AnswerContext): Answer {
  const { catalog, base, api, understood, ranking } = ctx;
  const stems = understood.stems;
  const list = api('/api/public/videos', 'Videos');
  const lead = `Videos are listed at GET ${base}/api/public/videos (filters: category, search, featured; ${NO_KEY}).`;
  const videoSource = (id: string, title: string): Source => ({ title, url: `${base}/api/public/videos/${id}` });
  const line = (v: (typeof catalog.videos)[number]) => `${v.title} (${durationText(v.durationSeconds)}, ${base}/videos/${v.id})`;

  if (stems.has('clip') || stems.has('short')) {
    const clipHits = relevant(ranking.hits.clip);
    const byVideo = relevant(ranking.hits.video).map((h) => h.id.slice('video:'.length));
    const clips = clipHits.length
      ? clipHits.map((h) => catalog.clips.find((c) => `clip:${c.id}` === h.id)!)
      : byVideo.length
        ? catalog.clips.filter((c) => byVideo.includes(c.videoId))
        : catalog.clips.slice(0, 5);
    return ctx.answer(
      `Short vertical clips (9:16) are at GET ${base}/api/public/clips, filterable by ?videoId= (${NO_KEY}). ${clipHits.length || byVideo.length ? 'Matching' : 'A few'}: ${clips
        .slice(0, 5)
        .map((c) => `${c.title} (${c.durationSeconds} s, from ${catalog.videos.find((v) => v.id === c.videoId)?.title ?? c.videoId})`)
        .join('; ')}.`,
      [api('/api/public/clips', 'Clips'), ...clips.slice(0, 3).map((c) => ({ title: c.title, url: `${base}/api/public/clips?videoId=${c.videoId}` }))],
      ['Where are the feeds?', "What's on now?"],
    );
  }

  const hits = relevant(ranking.hits.video);
  let picks = hits.map((h) => catalog.videos.find((v) => `video:${v.id}` === h.id)!).filter(Boolean);
  let label = 'Matching videos';
  if (stems.has('newest') || stems.has('latest') || stems.has('new') || stems.has('recent')) {
    picks = (picks.length ? picks : catalog.videos).slice().sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    label = picks.length === catalog.videos.length ? 'Newest videos' : 'Matching videos, newest first';
  } else if (!picks.length) {
    picks = catalog.videos.filter((v) => v.featured);
    label = 'Featured videos';
  } else {
    picks.sort((a, b) => Number(b.featured) - Number(a.featured));
  }
  picks = picks.slice(0, label === 'Featured videos' ? picks.length : 5);
  return ctx.answer(`${lead} ${label}: ${picks.map(line).join('; ')}.`, [list, ...picks.map((v) => videoSource(v.id, v.title))], ["What's on now?", 'Where are the feeds?']);
}

export function podcastAnswer(ctx: AnswerContext): Answer {
  const { catalog, base, api, understood, ranking } = ctx;
  const { show, episodes } = catalog.podcast;
  const lead = `The podcast ${show.title} has ${episodes.length} episodes at GET ${base}/api/public/podcast (${NO_KEY}); subscribe with the RSS feed ${base}/feeds/podcast.xml.`;
  const numbered = /(?: season (\d+)(?: episode | ep | e)(\d+) | s(\d+) ?e(\d+) )/.exec(understood.text);
  let picks = numbered
    ? episodes.filter((e) => e.season === Number(numbered[1] ?? numbered[3]) && e.episode === Number(numbered[2] ?? numbered[4]))
    : relevant(ranking.hits.episode)
        .map((h) => episodes.find((e) => `episode:${e.id}` === h.id)!)
        .filter(Boolean);
  let label = 'Matching episodes';
  if (!picks.length) {
    picks = [...episodes].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    label = 'Latest episodes, newest first';
  }
  picks = picks.slice(0, 3);
  const line = (e: (typeof episodes)[number]) => {
    const number = e.season && e.episode ? `season ${e.season}, episode ${e.episode}, ` : '';
    return `${e.title} (${number}${durationText(e.durationSeconds)}, ${e.publishedAt.slice(0, 10)}): ${e.description}`;
  };
  return ctx.answer(
    `${lead} ${label}: ${picks.map(line).join(' ')} Listen on ${base}/podcast.`,
    [api('/api/public/podcast', 'Podcast'), api('/feeds/podcast.xml', 'Podcast RSS feed'), ...picks.map((e) => ({ title: e.title, url: `${base}/podcast#${e.id}` }))],
    ["What's on now?", 'Where are the feeds?'],
  );
}

const AVAILABILITY: Record<string, string> = { in_stock: 'in stock', sold_out: 'sold out', preorder: 'on preorder' };

export function shopAnswer(ctx: AnswerContext): Answer {
  const { catalog, base, api, understood, ranking } = ctx;
  const body = shopBody(catalog);
  const list = api('/api/public/shop/products', 'Shop products');
  const price = (p: (typeof body.items)[number]) => `${p.price.amount} ${p.price.currency}`;
  const line = (p: (typeof body.items)[number]) =>
    `${p.name}, ${price(p)}, ${AVAILABILITY[p.availability] ?? p.availability}${p.includes ? ` (a bundle of ${listText(p.includes.map((i) => i.name))})` : ''}`;
  let picks = relevant(ranking.hits.product)
    .map((h) => body.items.find((p) => `product:${p.id}` === h.id)!)
    .filter(Boolean);
  let label = 'Matching';
  const byPrice = [...body.items].sort((a, b) => Number(a.price.amount) - Number(b.price.amount));
  const availability = Object.entries(AVAILABILITY).find(([, words]) => understood.text.includes(` ${words.replace(/^on /, '')} `));
  if (availability && !picks.length) {
    picks = body.items.filter((p) => p.availability === availability[0]);
    label = picks.length ? `${AVAILABILITY[availability[0]][0].toUpperCase()}${AVAILABILITY[availability[0]].slice(1)}` : `Nothing is ${AVAILABILITY[availability[0]]}`;
  } else if (/ (cheapest|least expensive|lowest price) /.test(understood.text)) {
    picks = byPrice.slice(0, 1);
    label = 'The cheapest';
  } else if (/ (most expensive|priciest|highest price) /.test(understood.text)) {
    picks = byPrice.slice(-1);
    label = 'The most expensive';
  } else if (!picks.length) {
    picks = body.items.filter((p) => p.availability === 'in_stock').slice(0, 5);
    label = 'A few items in stock';
  }
  picks = picks.slice(0, 5);
  return ctx.answer(
    `The shop catalog (${body.total} novelty items and bundles) is at GET ${base}/api/public/shop/products and ${base}/shop. ${label}: ${picks.map(line).join('; ')}. ${body.note}`,
    [list, ...picks.map((p) => ({ title: p.name, url: p.pageUrl }))],
    ["What's on now?", 'Where are the feeds?'],
  );
}
