/**
 * Answers about the catalog the API serves: the videos, clips, episodes or products retrieval
 * found for a subject (named, with their durations, prices and availability), a video category,
 * the newest or featured ones, or, when nothing published is about the subject, that plainly: an
 * unpublished video is never offered. Each cites the URLs the API lists the items under.
 */
import { z } from 'zod';
import type { Catalog } from '../catalog/catalog-types.ts';
import { clipQuerySchema, videoQuerySchema } from '../schemas/api/catalog.ts';
import type { Video } from '../schemas/content.ts';
import { shopBody } from '../catalog/media.ts';
import type { Answer, AnswerContext, DocKind, Hit, Source } from './answer-types.ts';
import { capitalise, countText, durationText, extremeText, listText, sentence } from './answer-format.ts';
import { kindOfWord, NUMBER_WORDS } from './question.ts';
import { indexTerm, wordsBeyond, wordsWritten } from './text.ts';

const NO_KEY = 'no key needed';

/** A list endpoint's query parameters as its schema defines them, each with its default: "videoId, limit (default 50), offset (default 0)". */
function queryText(shape: Record<string, z.ZodType>): string {
  return Object.entries(shape)
    .map(([name, field]) => (field instanceof z.ZodDefault ? `${name} (default ${field.def.defaultValue})` : name))
    .join(', ');
}
const VIDEO_QUERY = queryText(videoQuerySchema([]).shape);
const CLIP_QUERY = queryText(clipQuerySchema.shape);

/** What follows a catalog's "no item matches": the concierge knows nothing more about the subject, and a person may. */
function askTheTeam(ctx: AnswerContext): { says: string; source: Source } {
  return {
    says: `I don't know more about it than that; for anything else, write to the team with POST ${ctx.base}/api/public/ai/message.`,
    source: ctx.api('/api/public/ai/message', 'Message channel'),
  };
}

/**
 * Hits of these kinds that answer the question: confident ones, close to the best of them. A
 * question asking for every item that fits ("which videos does Juniper host") takes those that
 * share most of the best one's subject too, not only the closest.
 */
/** The share of a question an item's title must account for to name it, when nothing accounts for 40% of it. */
const NAMED_SHARE = 0.3;

function relevant(ctx: AnswerContext, kinds: DocKind[]): Hit[] {
  const many = ctx.question.many;
  const of = ctx.hits.filter((h) => kinds.includes(h.doc.kind));
  const top = of.filter((h) => h.confidence >= 0.4).reduce<Hit | undefined>((b, h) => (!b || h.confidence > b.confidence ? h : b), undefined);
  if (!top) {
    // The one item of a kind asked for whose title has words of the question is the item the question names by them, though the rest
    // of the question is about it ("who is the guest on the aroma episode": The Chemistry of Aroma, whose description names its guest).
    const titled = of.filter((h) => h.titled >= NAMED_SHARE);
    return ctx.question.kind && titled.length === 1 ? titled : [];
  }
  // Every item that has all the words the best one matched fits too, in its description as in its title ("which videos is Chef Mara in").
  const fits = (h: Hit) => many && top.matched.every((t) => h.matched.includes(t));
  return of.filter((h) => h.confidence >= (many ? Math.max(0.35, 0.65 * top.confidence) : 0.85 * top.confidence) || fits(h));
}

/** The question's subject in its own words, less the words that ask for a kind: "quilting" of "any videos about quilting?". */
function subjectOf(ctx: AnswerContext): string {
  return ctx.question.query
    .split(' ')
    .filter((w) => ctx.index.terms(w).length)
    .join(' ');
}

/** The question's subject less the words its overview (the shop, the podcast) matched: what no item was found for. */
function subjectBeyond(ctx: AnswerContext, overview: string): string[] {
  const own = ctx.hits.find((h) => h.doc.kind === 'program' && h.doc.ref === overview);
  return wordsBeyond(subjectOf(ctx), own?.matched ?? []);
}

/** Whether an item's description has a word of the question that its title lacks: what the question asks may be there. */
function saysMore(ctx: AnswerContext): (description: string, title: string) => boolean {
  const asked = ctx.index.terms(ctx.question.query);
  return (description, title) => {
    const inTitle = new Set(ctx.index.terms(title));
    return ctx.index.terms(description).some((t) => asked.includes(t) && !inTitle.has(t));
  };
}

/**
 * What the question leaves out of its list ("not about cooking or gardening", "except the stickers"): the items of these kinds, and
 * the video categories, that its excluded words find, each part of an "or" or "and" alone.
 */
function excludedRefs(ctx: AnswerContext, kinds: DocKind[]): Set<string> {
  const parts = (ctx.question.excluding ?? '').split(/ (?:or|and|nor) |, /).filter((p) => ctx.index.terms(p).length);
  return new Set(
    parts.flatMap((p) =>
      ctx.index
        .search(p, { kinds })
        .filter((h) => h.confidence >= 0.4 && (h.named || h.doc.kind !== 'product'))
        .map((h) => h.doc.ref),
    ),
  );
}

const byCatalog = new WeakMap<Catalog, Map<string, Video>>();

/** The catalog's videos by id, made once per catalog: a catalog may hold 10,000 of them. */
function videosById(catalog: Catalog): Map<string, Video> {
  let map = byCatalog.get(catalog);
  if (!map) byCatalog.set(catalog, (map = new Map(catalog.videos.map((v) => [v.id, v]))));
  return map;
}

/** The stems that ask for the newest items first: what the lists below read, not a subject to search for. */
export const NEWEST = ['newest', 'latest', 'new', 'recent'];

/** Words that ask for the oldest item of a kind: "the very first episode", "your oldest video", "earliest clips". */
const OLDEST = / (?:oldest|earliest|first) (?:(?:podcast|published|ever) )?(?:video|videos|vid|vids|episode|episodes|ep|clip|clips|short|shorts) | (?:oldest|earliest) /;
export const asksOldest = (ctx: AnswerContext): boolean => OLDEST.test(` ${ctx.question.words.join(' ')} `);
/** The terms that ask for the oldest: what orders a list, not a subject ("first" is in "First Leaves, First Mistakes"). */
export const OLDEST_TERMS = ['first', 'oldest', 'earliest'];
/** Hits found by more than the words that order a list. */
const bySubject = (hits: Hit[]) => hits.filter((h) => h.matched.some((t) => !OLDEST_TERMS.includes(t) && !NEWEST.includes(t)));

/** How a question asks for the shortest or the longest item: "show me the shortest video", "which episode is longest". */
const LENGTH_EXTREME = / (shortest|longest) /;
const lengthAsked = (ctx: AnswerContext) => LENGTH_EXTREME.exec(` ${ctx.question.words.join(' ')} `)?.[1];

/**
 * The items by length, when the question asks for the shortest or the longest: the extreme first, and how many share it (a
 * catalog whose videos all run 4 seconds says so rather than naming one as the shortest). Undefined when it does not ask.
 */
function byLength<T extends { durationSeconds: number }>(ctx: AnswerContext, items: T[], noun: string): { picks: T[]; label: string } | undefined {
  const asked = lengthAsked(ctx);
  if (!asked || !items.length) return undefined;
  const longest = asked === 'longest';
  const picks = [...items].sort((a, b) => (longest ? b.durationSeconds - a.durationSeconds : a.durationSeconds - b.durationSeconds));
  const extreme = picks[0].durationSeconds;
  const tied = picks.filter((p) => p.durationSeconds === extreme).length;
  const label =
    tied === picks.length
      ? `All ${picks.length} ${noun}s run ${durationText(extreme)}, none ${longest ? 'longer' : 'shorter'} than another`
      : `${longest ? 'Longest' : 'Shortest'} first (${tied > 1 ? `${tied} ${noun}s run ${durationText(extreme)}` : durationText(extreme)})`;
  return { picks, label };
}

/**
 * The clips a question for clips asks for: those that match it, else those of the videos that match it, else a few. A question that
 * asked for "short videos" rather than clips, whose videos have no clip, asks for those videos.
 */
function clipsAsked(ctx: AnswerContext) {
  const { catalog } = ctx;
  const oldest = asksOldest(ctx);
  const found = ctx.hits.filter((h) => h.doc.kind === 'clip' && h.confidence >= 0.4);
  const clipHits = oldest ? bySubject(found) : found;
  const ofVideos = relevant(ctx, ['video']).map((h) => h.doc.ref);
  const matching = clipHits.length ? clipHits.map((h) => catalog.clips.find((c) => c.id === h.doc.ref)!) : catalog.clips.filter((c) => ofVideos.includes(c.videoId));
  const ascending = (clips: typeof catalog.clips) => [...clips].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
  if (matching.length) return { matched: true, clips: oldest ? ascending(matching) : matching };
  if (ofVideos.length && !ctx.question.stems.has('clip')) return undefined;
  // Asked for the oldest, the first published; else a few of the newest.
  return { matched: false, clips: oldest ? ascending(catalog.clips).slice(0, 5) : catalog.clips.slice(0, 5) };
}

export const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_DAY = new RegExp(` (?:on|in|from) (${MONTHS.join('|')}) (\\d{1,2})(?:st|nd|rd|th)?(?: (\\d{4}))? `);
const MONTH_NAMED = new RegExp(` (?:in|from|during|of|back in) (${MONTHS.join('|')}) `);

/**
 * The calendar month (UTC) a question asks items of, at `now`: "this month", "last month", or a month named after "in", "from",
 * "during" or "of" ("released in october"), the last one not after `now`. Its dates' prefix ("2026-10") and its name ("October 2026").
 */
export function monthAsked(text: string, now: Date): { prefix: string; name: string } | undefined {
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  // A day of a month, with its year or the last one not after now: "on october 2, 2026" is that day's items.
  const day = MONTH_DAY.exec(text);
  if (day) {
    const asked = MONTHS.indexOf(day[1]);
    const date = `${String(asked + 1).padStart(2, '0')}-${day[2].padStart(2, '0')}`;
    const y = day[3] ? Number(day[3]) : `${year}-${date}` > now.toISOString().slice(0, 10) ? year - 1 : year;
    return { prefix: `${y}-${date}`, name: `${capitalise(MONTHS[asked])} ${Number(day[2])}, ${y}` };
  }
  if (/ last month /.test(text)) month -= 1;
  else if (!/ this month /.test(text)) {
    const named = MONTH_NAMED.exec(text);
    if (!named) return undefined;
    const asked = MONTHS.indexOf(named[1]);
    if (asked > month) year -= 1;
    month = asked;
  }
  if (month < 0) [month, year] = [month + 12, year - 1];
  return { prefix: `${year}-${String(month + 1).padStart(2, '0')}`, name: `${capitalise(MONTHS[month])} ${year}` };
}

/** The month the question asks items of, read from its words as written: a month's name is no word of the documents, and a reading without strangers drops it. */
export function monthOfQuestion(ctx: AnswerContext): ReturnType<typeof monthAsked> {
  return monthAsked(` ${wordsWritten(ctx.input).join(' ')} `, ctx.input.now);
}

/** A question for the next item of a kind to come out, or how often they do: "when is the next episode", "how often do new videos come out". */
const NEXT_ITEM = / (?:next|upcoming|future|new) (?:\w+ )?(episodes?|eps?|videos?|vids?|clips?) /;
/** Asked when: the question starts by asking it ("any idea when ...", "how often ..."), or asks a release date; "notified when a new video is published" does not. */
const ASKS_WHEN = /^ (?:(?:any idea|do you know|so|hey|and) )?(?:when|how often|how frequently|what day) | release date /;

/**
 * When the next video, episode or clip comes out, or how often they do: no release date or cadence is published, so it says it does
 * not know, the newest one and its date, and where to write to the team. Undefined for any other question.
 */
export function upcomingAnswer(ctx: AnswerContext): Answer | undefined {
  const { catalog, base, api, question } = ctx;
  const text = ` ${wordsWritten(ctx.input).join(' ')} `;
  // The kind is the word after "next", even after "when" ("when the next episode drops"), where it names no kind of item asked for.
  const next = NEXT_ITEM.exec(text);
  const kind = next ? kindOfWord(next[1]) : question.kind;
  if ((kind !== 'video' && kind !== 'episode' && kind !== 'clip') || !(next || / how (?:often|frequently) /.test(text)) || !ASKS_WHEN.test(text)) return undefined;
  const newest =
    kind === 'episode'
      ? [...catalog.podcast.episodes].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]
      : kind === 'clip'
        ? [...catalog.clips].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]
        : catalog.videos[0];
  const [one, many, path] = kind === 'episode' ? ['episode', 'episodes', '/api/public/podcast'] : kind === 'clip' ? ['clip', 'clips', '/api/public/clips'] : ['video', 'videos', '/api/public/videos'];
  return ctx.answer(
    kind === 'episode' ? 'podcast' : 'videos',
    `I don't know when the next ${one} comes out: no release date or schedule for new ${many} is published. The newest is ${newest.title}, published ${newest.publishedAt.slice(0, 10)}; all of them are at GET ${base}${path}. For more, write to the team with POST ${base}/api/public/ai/message.`,
    [api(path, capitalise(many)), api('/api/public/ai/message', 'Message channel')],
    ["What's on now?", 'Where are the feeds?'],
  );
}

export function videosAnswer(ctx: AnswerContext): Answer {
  const { catalog, base, api, question } = ctx;
  const stems = question.stems;
  const list = api('/api/public/videos', 'Videos');
  const lead = `${catalog.videos.length} published videos are listed at GET ${base}/api/public/videos (query: ${VIDEO_QUERY}; ${NO_KEY}).`;
  const byId = videosById(catalog);
  // With its date of publication, as an episode's and a clip's are: "when did it come out" is asked of videos too.
  const line = (v: Video) => `${v.title} (${durationText(v.durationSeconds)}, published ${v.publishedAt.slice(0, 10)}, ${base}/videos/${v.id})`;
  const videoSource = (v: Video): Source => ({ title: v.title, url: `${base}/api/public/videos/${v.id}` });
  const suggestions = ["What's on now?", 'Where are the feeds?'];

  // Clips asked for: those that match, or those of the videos that match; when those videos have no clip, the videos themselves
  // ("a short video on the endocannabinoid system" is the ten-minute overview, which has none).
  const clipped = question.kind === 'clip' && clipsAsked(ctx);
  if (clipped) {
    const { matched } = clipped;
    const ordered = byLength(ctx, matched ? clipped.clips : catalog.clips, 'clip');
    const clips = ordered?.picks ?? clipped.clips;
    return ctx.answer(
      'videos',
      `${catalog.clips.length} short vertical clips (9:16) are at GET ${base}/api/public/clips (query: ${CLIP_QUERY}; ${NO_KEY}). ${ordered ? ordered.label : matched ? `Matching${countText(question.text, clips.length, 'clip')}` : asksOldest(ctx) ? 'Oldest first' : 'A few'}: ${clips
        .slice(0, 5)
        .map((c) => `${c.title} (${durationText(c.durationSeconds)}, ${c.width}x${c.height} pixels, published ${c.publishedAt.slice(0, 10)}, from ${byId.get(c.videoId)?.title ?? c.videoId})`)
        .join('; ')}.`,
      [api('/api/public/clips', 'Clips'), ...clips.slice(0, 3).map((c) => ({ title: c.title, url: `${base}/api/public/clips?videoId=${c.videoId}` }))],
      suggestions,
    );
  }

  const hits = relevant(ctx, ['video', 'clip']);
  // A category named outright ("cooking videos", "news videos") lists that category.
  const named = ctx.hits.find((h) => h.doc.kind === 'category' && h.fullyNamed);
  const category = named ?? ctx.hits.find((h) => h.doc.kind === 'category' && h.confidence >= 0.3);
  let picks = named
    ? []
    : [...new Set(hits.flatMap((h) => (h.doc.kind === 'video' ? [h.doc.ref] : h.doc.kind === 'clip' ? [catalog.clips.find((c) => c.id === h.doc.ref)!.videoId] : [])))].map((id) => byId.get(id)!);
  let label = 'Matching videos';
  let unmatched: ReturnType<typeof askTheTeam> | undefined;
  const subject = subjectOf(ctx);
  // The categories themselves asked for ("what are the video categories"): each with its count.
  if (!named && !picks.length && stems.has('categori')) {
    const sizes = catalog.site.categories.map((c) => ({ name: c.name, n: catalog.videos.filter((v) => v.category === c.id).length }));
    const counts = catalog.site.categories.map((c, i) => `${c.name} (${sizes[i].n}: ${c.description.replace(/\.$/, '')})`);
    // Asked which has the most or the fewest, the answer names it first: "Fewest videos: News (3 videos)."
    return ctx.answer(
      'videos',
      `${lead} ${extremeText(question.text, sizes, 'video')}The ${counts.length} categories: ${counts.join('; ')}. Filter with ?category=<id>.`,
      [list, ...catalog.site.categories.map((c) => ({ title: `${c.name} videos`, url: `${base}/api/public/videos?category=${c.id}` }))],
      suggestions,
    );
  }
  if (!picks.length && category) {
    picks = catalog.videos.filter((v) => v.category === category.doc.ref).sort((a, b) => Number(b.featured) - Number(a.featured));
    const about = `${category.doc.title} (${picks.length}: ${category.doc.text.replace(/\.$/, '')})`;
    label = named || !subject ? about : `No published video matches "${subject}"; the closest category is ${about}`;
    if (!named && subject) unmatched = askTheTeam(ctx);
  }
  const newest = NEWEST.some((s) => stems.has(s));
  // A month asked for ("released in october", "this month"): the videos found, or all of them, published in it, newest first.
  const month = monthOfQuestion(ctx);
  if (month) {
    const pool = picks.length && !unmatched ? picks : catalog.videos;
    const dated = pool.filter((v) => v.publishedAt.startsWith(month.prefix)).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    if (!dated.length) {
      const latest = catalog.videos.slice(0, 3);
      return ctx.answer(
        'videos',
        `${lead} No ${pool === catalog.videos ? '' : 'matching '}video was published ${month.prefix.length > 7 ? 'on' : 'in'} ${month.name}. Newest videos: ${latest.map(line).join('; ')}.`,
        [list, ...latest.map(videoSource)],
        suggestions,
      );
    }
    picks = dated;
    unmatched = undefined;
    label = `Published ${month.prefix.length > 7 ? 'on' : 'in'} ${month.name}${countText(question.text, dated.length, 'video')}`;
  } else if (lengthAsked(ctx) && catalog.videos.length) {
    // The shortest or longest of the videos found by a subject ("the shortest kitchen video"), or of them all.
    const about = bySubject(hits).some((h) => h.matched.some((t) => !LENGTH_EXTREME.test(` ${t} `)));
    const pool = category && !named ? [] : picks;
    const ordered = byLength(ctx, about && pool.length ? pool : category ? catalog.videos.filter((v) => v.category === category.doc.ref) : catalog.videos, 'video')!;
    [picks, label, unmatched] = [ordered.picks, ordered.label, undefined];
  } else if (asksOldest(ctx) && !newest) {
    // The catalog lists videos newest first: the oldest are its last.
    const about = bySubject(hits).length > 0;
    picks = (about && picks.length ? picks : [...catalog.videos]).sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
    label = about ? 'Matching videos, oldest first' : 'Oldest videos first';
  } else if (newest) {
    // The catalog lists videos newest first.
    picks = picks.length ? picks.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)) : catalog.videos.slice(0, 5);
    label = hits.length ? 'Matching videos, newest first' : 'Newest videos';
  } else if (stems.has('featur') && !category) {
    picks = catalog.videos.filter((v) => v.featured);
    label = 'Featured videos';
  } else if (!picks.length && subject) {
    const featured = catalog.videos.filter((v) => v.featured).slice(0, 3);
    const team = askTheTeam(ctx);
    // No video has every word, but a word only one video has in its title or keywords names it, and the rest is a premise to correct
    // ("Dr. Ines Marlowe hosts the germination video": Juniper Vale does): that video is given as the nearest, with its description.
    const nearest = nearestVideos(ctx);
    if (nearest.length)
      return ctx.answer(
        'videos',
        `No published video matches "${subject}". The nearest: ${nearest.map((video) => `${line(video)}: ${video.description}`).join('; ')} ${team.says} ${lead}`,
        [list, ...nearest.map(videoSource), team.source],
        suggestions,
      );
    return ctx.answer(
      'videos',
      `No published video matches "${subject}". ${team.says} ${lead} Categories: ${catalog.site.categories.map((c) => c.name).join(', ')}. Featured now: ${featured.map(line).join('; ')}.`,
      [list, ...featured.map(videoSource), team.source],
      suggestions,
    );
  } else if (!picks.length) {
    picks = catalog.videos.filter((v) => v.featured);
    label = 'Featured videos';
  } else if (label === 'Matching videos') {
    picks.sort((a, b) => Number(b.featured) - Number(a.featured));
  }
  // What the question leaves out leaves the list, by its category or itself; with no subject, the list is of every video but those.
  const out = excludedRefs(ctx, ['video', 'category']);
  // A category most of whose videos the words find is left out whole ("not about gardening": Cultivation); not the one listed.
  for (const c of catalog.site.categories) {
    const of = catalog.videos.filter((v) => v.category === c.id);
    if (of.length && of.filter((v) => out.has(v.id)).length * 2 >= of.length) out.add(c.id);
  }
  if (category) out.delete(category.doc.ref);
  if (out.size) {
    if (label === 'Featured videos' && !stems.has('featur')) [picks, label] = [[...catalog.videos], 'Videos'];
    picks = picks.filter((v) => !out.has(v.id) && !out.has(v.category));
    label += `, leaving out those about ${question.excluding}`;
  }
  // Asked how many, the list says how many it holds in all, before it is cut short ("how many featured videos": 6 videos).
  // Not the featured or newest videos given when nothing was asked for: the lead says how many there are in all.
  const listed = !month && ((category && !unmatched) || (hits.length > 0 && !unmatched) || (label === 'Featured videos' && stems.has('featur')));
  if (listed) label += countText(question.text, picks.length, 'video');
  // A question for every item that fits ("list the kitchen videos") gets them all, up to ten; so do the featured videos, and a
  // catalog that features more says how many and where they all are (at 10,000 videos, 483 featured made one answer of them all).
  const featured = label === 'Featured videos' ? picks.length : 0;
  picks = picks.slice(0, featured || question.many ? 10 : 5);
  if (featured > picks.length) label += ` (${picks.length} of ${featured}; all of them at GET ${base}/api/public/videos?featured=true)`;
  // One or two videos found for the question are described as well: who is in them and what they cover is often what was asked.
  // In a longer list, a video whose description has a word of the question its title lacks is described too ("who is the chef in the kitchen videos").
  const categoryName = (v: Video) => catalog.site.categories.find((c) => c.id === v.category)?.name ?? v.category;
  const more = saysMore(ctx);
  // Asked who hosts or presents them, every video listed is described: its description names who is in it ("who hosts the science videos").
  const asksWho = / (who|hosts?|hosted|hosting|presents|presenters?) /.test(question.text);
  const described = (v: Video) => ((picks.length <= 2 && hits.length) || asksWho || more(v.description, v.title) ? `${line(v)}, in ${categoryName(v)}: ${sentence(v.description)}` : line(v));
  return ctx.answer(
    'videos',
    `${lead} ${label}: ${picks.map(described).join('; ')}. ${unmatched?.says ?? ''}`,
    [list, ...(category ? [{ title: category.doc.title, url: category.doc.url }] : []), ...picks.map(videoSource), ...(unmatched ? [unmatched.source] : [])],
    suggestions,
  );
}

/** The videos named by a word of the question in their title or keywords that no other video has there: at most two. */
function nearestVideos(ctx: AnswerContext): Video[] {
  const holders = new Map<string, string[]>();
  for (const h of ctx.index.search(ctx.question.query, { kinds: ['video'] })) for (const term of h.keyed) holders.set(term, [...(holders.get(term) ?? []), h.doc.ref]);
  const named = new Set([...holders.values()].filter((refs) => refs.length === 1).map((refs) => refs[0]));
  const byId = videosById(ctx.catalog);
  return named.size && named.size <= 2 ? [...named].map((id) => byId.get(id)!) : [];
}

export function podcastAnswer(ctx: AnswerContext): Answer {
  const { catalog, base, api, question } = ctx;
  const { show, episodes } = catalog.podcast;
  const lead = `The podcast ${show.title} (${[show.category.name, show.category.subcategory].filter(Boolean).join(', ')}, by ${show.author}, ${show.explicit ? 'explicit' : 'not explicit'}, ${show.copyright}; its owner's email is ${show.owner.email}): ${show.description.trim().replace(/\.$/, '')}. It has ${episodes.length} episodes at GET ${base}/api/public/podcast (${NO_KEY}); subscribe with the RSS feed ${base}/feeds/podcast.xml.`;
  const numbered = /(?: season (\d+)(?: episode | ep | e)(\d+) | s(\d+) ?e(\d+) )/.exec(question.text);
  // A season named alone ("season two", "the 2nd season") asks for its episodes, in order.
  // A season left out ("not from season one") asks for the others.
  const without = question.excluding ? seasonOf(` ${question.excluding} `) : undefined;
  const season = numbered || without !== undefined ? undefined : seasonOf(question.text);
  let picks = numbered
    ? episodes.filter((e) => e.season === Number(numbered[1] ?? numbered[3]) && e.episode === Number(numbered[2] ?? numbered[4]))
    : season !== undefined
      ? episodes.filter((e) => e.season === season).sort((a, b) => (a.episode ?? 0) - (b.episode ?? 0))
      : relevant(ofShow(ctx), ['episode']).map((h) => episodes.find((e) => e.id === h.doc.ref)!);
  // An episode numbered for a subject another episode has ("the lab reports one, season 1 episode 4?") is a wrong number: the
  // subject's episode comes first, each with its number, so the number is corrected.
  if (numbered) {
    const subject = relevant(ofShow(ctx), ['episode']).map((h) => episodes.find((e) => e.id === h.doc.ref)!);
    if (subject.length && !subject.some((e) => picks.includes(e))) picks = [...subject.slice(0, 1), ...picks];
  }
  let label = 'Matching episodes';
  let unmatched: ReturnType<typeof askTheTeam> | undefined;
  // A month asked for ("last month's episodes"): the episodes found, or all of them, published in it, newest first.
  const month = numbered || season !== undefined ? undefined : monthOfQuestion(ctx);
  const inMonth = (list: typeof episodes) => list.filter((e) => month && e.publishedAt.startsWith(month.prefix)).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  if (month) {
    const dated = inMonth(picks).length ? inMonth(picks) : inMonth(episodes);
    picks = dated.length ? dated : [...episodes].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    const on = month.prefix.length > 7 ? 'on' : 'in';
    label = dated.length ? `Published ${on} ${month.name}${countText(question.text, dated.length, 'episode')}` : `No episode was published ${on} ${month.name}. Latest episodes, newest first`;
  } else if (!numbered && season === undefined && lengthAsked(ctx) && episodes.length) {
    const ordered = byLength(ctx, episodes, 'episode')!;
    [picks, label] = [ordered.picks, ordered.label];
  } else if (asksOldest(ctx) && !numbered && season === undefined) {
    // "the very first episode": the episodes found, or all of them, oldest first.
    const about = bySubject(relevant(ofShow(ctx), ['episode'])).length > 0;
    picks = (about && picks.length ? picks : [...episodes]).sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
    label = about ? 'Matching episodes, oldest first' : 'Oldest episodes first';
  } else if (!picks.length) {
    picks = [...episodes].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    const subject = subjectBeyond(ctx, 'podcast').filter((w) => !NEWEST.includes(indexTerm(w) ?? ''));
    // What no episode is but the shop sells ("a pin for the podcast") is the shop's answer.
    if (subject.length && !numbered && subject.every((w) => namesProduct(ctx, w))) return shopAnswer(ctx);
    if (subject.length && !numbered) unmatched = askTheTeam(ctx);
    label = `${unmatched ? `No episode matches "${subject.join(' ')}". ${unmatched.says} ` : ''}Latest episodes, newest first`;
  }
  // What the question leaves out leaves the list: a season, or the episodes its words find.
  const out = without === undefined ? excludedRefs(ctx, ['episode']) : new Set<string>();
  if (without !== undefined || out.size) {
    const kept = (e: (typeof episodes)[number]) => e.season !== without && !out.has(e.id);
    // A match that is all left out ("radio episodes that are not the trailer" matched the trailer by "radio") matched nothing asked.
    if (!label.startsWith('Matching') || !picks.some(kept)) [picks, label] = [[...episodes].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt)), 'Episodes'];
    picks = picks.filter(kept);
    label += `, leaving out ${question.excluding}`;
  }
  if (label === 'Matching episodes') label += countText(question.text, picks.length, 'episode');
  picks = picks.slice(0, season !== undefined || question.many ? 10 : 3);
  // Asked about transcripts, each episode says whether it publishes one, and where: "does kitchen table stories have a transcript".
  const transcript = (e: (typeof episodes)[number]) => (question.stems.has('transcript') ? (e.transcriptUrl ? `, transcript ${new URL(e.transcriptUrl, base).href}` : ', no transcript') : '');
  const line = (e: (typeof episodes)[number]) => {
    const number = e.season && e.episode ? `season ${e.season}, episode ${e.episode}, ` : '';
    return `${e.title} (${number}${durationText(e.durationSeconds)}, ${e.publishedAt.slice(0, 10)}${transcript(e)}): ${e.description}`;
  };
  return ctx.answer(
    'podcast',
    `${lead} ${label}: ${picks.map(line).join(' ')} Listen on ${base}/podcast.`,
    [
      api('/api/public/podcast', 'Podcast'),
      api('/feeds/podcast.xml', 'Podcast RSS feed'),
      ...picks.map((e) => ({ title: e.title, url: `${base}/podcast#${e.id}` })),
      ...(unmatched ? [unmatched.source] : []),
    ],
    ["What's on now?", 'Where are the feeds?'],
  );
}

/** A question naming the show by its title ("who hosts canopy cove radio") names no episode by it: its episodes are found by the rest of the question. */
function ofShow(ctx: AnswerContext): AnswerContext {
  const title = ctx.index.terms(ctx.catalog.podcast.show.title);
  const asked = ctx.index.terms(ctx.question.query);
  if (!title.length) return ctx;
  if (title.every((t) => asked.includes(t))) return { ...ctx, hits: ctx.index.search(wordsBeyond(ctx.question.query, title).join(' '), { kinds: ['episode'] }) };
  // Asked for an episode, a word of the show's title names the show too ("which radio episode is about gardening"), when the rest of
  // the question finds an episode: not the trailer, whose title has the word.
  const named = title.filter((t) => asked.includes(t));
  if (ctx.question.kind !== 'episode' || !named.length) return ctx;
  const hits = ctx.index.search(wordsBeyond(ctx.question.query, named).join(' '), { kinds: ['episode'] });
  return hits.some((h) => h.confidence >= 0.4) ? { ...ctx, hits } : ctx;
}

/** Ordinals as the question may write a season's number. */
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5 };

/** The season a question names by its number ("season two", "season 2", "the second season"), if any. */
function seasonOf(text: string): number | undefined {
  const count = (word: string) => (/^\d{1,2}$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? ORDINALS[word.replace(/^(\d)(st|nd|rd|th)$/, '$1')]));
  const after = / season (\S+) /.exec(text)?.[1];
  const before = / (\S+) season /.exec(text)?.[1];
  const n = (after && count(after)) || (before && (count(before) ?? Number(/^(\d{1,2})(?:st|nd|rd|th)$/.exec(before)?.[1] ?? 0)));
  return n && n > 0 ? n : undefined;
}

/** Words that ask for what several items come to: "the poster and the tote together", "total for both". */
export const ASKS_TOTAL = / (together|total|both|altogether|combined|sum|in all) /;

type Priced = { name: string; price: { amount: string; currency: string } };

/** Words that ask for a price, and words that join the things asked about. */
const ASKS_PRICE = / (how much|cost|costs|price|prices) /;
const JOINS = / (and|plus|\+) /;

/**
 * The products a question asking for their total names by words of their names: "the logo mug and the canvas tote together"
 * are the mug and the tote, not the bundle whose description names both. The most named first, each with a word of its name
 * no product before it has ("leaf socks and a mug": not the leaf pin), so that three or more named are all found. So are the
 * products a question asks the price of together ("how much for 2 logo mugs and a tote").
 */
function namedForTotal(ctx: AnswerContext): Hit[] {
  const text = ctx.question.text;
  if (!ASKS_TOTAL.test(text) && !(ASKS_PRICE.test(text) && JOINS.test(text))) return [];
  const covered = new Set<string>();
  const ownWords = (h: Hit) => ctx.index.terms(h.doc.names).filter((t) => h.matched.includes(t) && !covered.has(t));
  return ctx.hits
    .filter((h) => h.doc.kind === 'product' && h.titled > 0)
    .sort((a, b) => b.titled - a.titled)
    .filter((h) => {
      const own = ownWords(h);
      for (const t of own) covered.add(t);
      return own.length > 0;
    });
}

/** Words that ask which of several items costs less, or more. */
const ASKS_CHEAPER = / (cheaper|less expensive|costs? less|lower price) /;
const ASKS_DEARER = / (more expensive|pricier|costs? more|dearer|higher price) /;

/** Of two or more items found, the one the question asks for by price: "whats cheaper, socks or mug": "The cheaper: Canopy Cove Logo Mug (14.00 USD). ". */
function cheaperOf(text: string, items: Priced[]): string {
  const cheaper = ASKS_CHEAPER.test(text);
  if (items.length < 2 || new Set(items.map((p) => p.price.currency)).size !== 1 || !(cheaper || ASKS_DEARER.test(text))) return '';
  const sorted = [...items].sort((a, b) => Number(a.price.amount) - Number(b.price.amount));
  const [pick, other] = cheaper ? sorted : sorted.reverse();
  if (pick.price.amount === other.price.amount) return `They cost the same: ${pick.price.amount} ${pick.price.currency}. `;
  return `The ${cheaper ? 'cheaper' : 'more expensive'}: ${pick.name} (${pick.price.amount} ${pick.price.currency}). `;
}

/** How many of an item the question asks for: a number, in digits or a word, just before a word of its name ("2 logo mugs", "two mugs"), else one. */
function quantityOf(ctx: AnswerContext, item: Priced): number {
  const named = ctx.index.terms(item.name);
  const counted = [...ctx.question.text.matchAll(/ (\d{1,3}|[a-z]+)(?= ((?:[a-z-]+ ){1,3}))/g)].find(
    (m) => (/^\d/.test(m[1]) || NUMBER_WORDS[m[1]]) && ctx.index.terms(m[2]).some((t) => named.includes(t)),
  );
  return counted ? (NUMBER_WORDS[counted[1]] ?? Number(counted[1])) : 1;
}

/**
 * What the items found come to, when they share a currency and the question asks for their total or for more than one of an
 * item: "Together: 50.00 USD. ", "2 × Canopy Cove Logo Mug: 28.00 USD. ".
 */
function totalOf(ctx: AnswerContext, items: Priced[]): string {
  const currencies = new Set(items.map((p) => p.price.currency));
  const counts = items.map((p) => quantityOf(ctx, p));
  const several = counts.some((n) => n > 1);
  if (currencies.size !== 1 || !((items.length >= 2 && ASKS_TOTAL.test(ctx.question.text)) || several)) return '';
  const cents = items.reduce((n, p, i) => n + counts[i] * Math.round(Number(p.price.amount) * 100), 0);
  const what = several ? items.map((p, i) => `${counts[i]} × ${p.name}`).join(' and ') : 'Together';
  return `${what}: ${(cents / 100).toFixed(2)} ${[...currencies][0]}. `;
}

/** The sentences of the site's description about the subject, as the brand says them: "no cannabis is sold". */
function siteSays(ctx: AnswerContext, subject: string): string {
  const wanted = ctx.index.terms(subject);
  const about = ctx.catalog.site.description.split(/(?<=\.)\s+/).filter((s) => ctx.index.terms(s).some((t) => wanted.includes(t)));
  return about.map((s) => `${s} `).join('');
}

/** Words that ask for an item otherwise than it is published: without a part, instead of its material, in another colour or size, made personal. */
const VARIANT =
  / (without|instead of|in (?:another|other|a different|different|any other|more) (?:colou?rs?|sizes?|versions?|materials?|finish(?:es)?)|(?:other|different) (?:colou?rs?|sizes?|versions?)|customi[sz]ed?|personali[sz]ed?|engraved?) /;

const AVAILABILITY: Record<string, string> = { in_stock: 'in stock', sold_out: 'sold out', preorder: 'on preorder' };

/** Words that ask what a bundle saves over its items bought one by one, as written ("save" is no typo of "safe"). */
const ASKS_SAVING = / (save|saves|saving|savings|separately|individually|one by one|on their own) /;

/**
 * What each bundle the question names (else every bundle) saves over its items bought separately: "Cozy Kitchen Bundle: 45.00 USD;
 * its items separately (Canopy Cove Logo Mug 14.00, ...) come to 52.00 USD, so the bundle saves 7.00 USD. ", or "".
 */
function bundleSavings(ctx: AnswerContext, items: ReturnType<typeof shopBody>['items']): { says: string; bundles: typeof items } {
  if (!ASKS_SAVING.test(` ${ctx.question.asWritten.join(' ')} `)) return { says: '', bundles: [] };
  const all = items.filter((p) => p.includes?.length);
  // Named by a word of its name that not every bundle's name has ("bundle" names them all).
  const nameTerms = all.map((b) => new Set(ctx.index.terms(b.name)));
  const common = (t: string) => nameTerms.every((n) => n.has(t));
  const named = ctx.hits
    .filter((h) => h.doc.kind === 'product' && all.some((b) => b.id === h.doc.ref) && ctx.index.terms(h.doc.names).some((t) => h.matched.includes(t) && !common(t)))
    .sort((a, b) => b.titled - a.titled);
  const bundles = named.length ? all.filter((b) => b.id === named[0].doc.ref) : all;
  const says = bundles
    .map((b) => {
      const parts = b.includes!.map((i) => items.find((p) => p.id === i.id)).filter((p) => p !== undefined);
      if (parts.length !== b.includes!.length || parts.some((p) => p.price.currency !== b.price.currency)) return '';
      const cents = (p: { price: { amount: string } }) => Math.round(Number(p.price.amount) * 100);
      const apart = parts.reduce((n, p) => n + cents(p), 0);
      const saved = apart - cents(b);
      const money = (c: number) => `${(c / 100).toFixed(2)} ${b.price.currency}`;
      return `${b.name}: ${money(cents(b))}; its items separately (${parts.map((p) => `${p.name} ${p.price.amount}`).join(', ')}) come to ${money(apart)}, so the bundle ${saved > 0 ? `saves ${money(saved)}` : saved < 0 ? `costs ${money(-saved)} more` : 'costs the same'}. `;
    })
    .join('');
  return { says, bundles };
}

/**
 * The products, by price, of the kind a question names by a word of their names ("the cheapest pin": the pins; "which bundle costs
 * the most": the bundles), or those it found, when two or more and not every one; otherwise every product.
 */
function ofKindNamed<T extends { name: string }>(text: string, brand: string, found: T[], byPrice: T[]): T[] {
  // The brand's own words ("canopy cove merch") name no kind.
  const own = new Set(nameWords(brand));
  const words = new Set(text.split(' ').flatMap((w) => (w.length >= 3 && !own.has(w) ? [w, w.replace(/e?s$/, '')] : [])));
  const named = byPrice.filter((p) => nameWords(p.name).some((w) => words.has(w)));
  const fits = (pool: T[]) => pool.length >= 2 && pool.length < byPrice.length;
  return fits(named) ? named : fits(found) ? byPrice.filter((p) => found.includes(p)) : byPrice;
}

/**
 * The products whose kind, the last word of the name ("pin" of "Leaf Enamel Pin", "socks" of "Leaf Pattern Socks"), a word of the
 * text names, singular or plural; none when that is every product or no product.
 */
function ofKindWord<T extends { name: string }>(text: string, items: T[]): T[] {
  const asked = new Set(text.split(' '));
  const kindOf = (name: string) => nameWords(name).filter(Boolean).at(-1) ?? '';
  const named = items.filter((p) => {
    const kind = kindOf(p.name);
    return kind.length >= 3 && (asked.has(kind) || asked.has(`${kind}s`) || asked.has(kind.replace(/s$/, '')));
  });
  return named.length < items.length ? named : [];
}

/** A word of a product's name ("pin", "mugs"), the brand's own words aside. */
function namesProduct(ctx: AnswerContext, word: string): boolean {
  const w = word.toLowerCase();
  return !nameWords(ctx.catalog.site.name).includes(w) && ctx.catalog.products.some((p) => nameWords(p.name).some((n) => n === w || `${n}s` === w));
}

/** The words of a name, lower-cased, without its punctuation: "Cove Radio Microphone Pin" is cove, radio, microphone, pin. */
const nameWords = (name: string) => name.toLowerCase().split(/[^\p{L}]+/u);

export function shopAnswer(ctx: AnswerContext): Answer {
  const { base, api, question } = ctx;
  const body = shopBody(ctx.catalog);
  type Item = (typeof body.items)[number];
  const price = (p: Item) => `${p.price.amount} ${p.price.currency}`;
  const saving = bundleSavings(ctx, body.items);
  if (saving.says) {
    return ctx.answer(
      'shop',
      `${saving.says}The shop catalog is at GET ${base}/api/public/shop/products and ${base}/shop. ${body.note}`,
      [api('/api/public/shop/products', 'Shop products'), ...saving.bundles.map((p) => ({ title: p.name, url: p.pageUrl }))],
      ["What's on now?", 'Where are the feeds?'],
    );
  }
  const line = (p: Item) => `${p.name}, ${price(p)}, ${AVAILABILITY[p.availability] ?? p.availability}${p.includes ? ` (a bundle of ${listText(p.includes.map((i) => i.name))})` : ''}`;
  const totalled = namedForTotal(ctx);
  let picks = (totalled.length >= 2 ? totalled : relevant(ctx, ['product'])).map((h) => body.items.find((p) => p.id === h.doc.ref)!);
  let label = 'Matching';
  let unmatched: ReturnType<typeof askTheTeam> | undefined;
  const byPrice = [...body.items].sort((a, b) => Number(a.price.amount) - Number(b.price.amount));
  const ofKind = ofKindWord(question.text, body.items);
  const ceiling = question.priceCeiling;
  const floor = question.priceFloor;
  const availability = Object.entries(AVAILABILITY).find(([, words]) => question.text.includes(` ${words.replace(/^on /, '')} `));
  // An availability left out ("that is not sold out", "not on preorder") asks for the items of the others.
  const notAvailable = availability && ` ${question.excluding} `.includes(` ${AVAILABILITY[availability[0]].replace(/^on /, '')} `);
  if (notAvailable && !picks.length) {
    picks = body.items.filter((p) => p.availability !== availability[0] && (!ceiling || Number(p.price.amount) < ceiling.amount || (ceiling.inclusive && Number(p.price.amount) === ceiling.amount)));
    label = `Not ${AVAILABILITY[availability[0]]}`;
  } else if (availability && !picks.length) {
    picks = body.items.filter((p) => p.availability === availability[0]);
    label = picks.length ? `${AVAILABILITY[availability[0]][0].toUpperCase()}${AVAILABILITY[availability[0]].slice(1)}` : `Nothing is ${AVAILABILITY[availability[0]]}`;
  } else if ((ceiling || floor) && !picks.length) {
    // A ceiling, a floor or both ("between 10 and 30 dollars" reads as over 10 and under 30).
    const amount = (p: Item) => Number(p.price.amount);
    picks = byPrice.filter(
      (p) => (!ceiling || amount(p) < ceiling.amount || (ceiling.inclusive && amount(p) === ceiling.amount)) && (!floor || amount(p) > floor.amount || (floor.inclusive && amount(p) === floor.amount)),
    );
    if (floor && !ceiling) picks.reverse();
    const bounds = [...(floor ? [`${floor.inclusive ? 'at least' : 'over'} ${floor.amount}`] : []), ...(ceiling ? [`${ceiling.inclusive ? 'at most' : 'under'} ${ceiling.amount}`] : [])].join(' and ');
    label = picks.length ? `Priced ${bounds}` : `Nothing is priced ${bounds}`;
  } else if (/ (cheapest|least expensive|least costly|lowest price|costs? the least) /.test(question.text)) {
    // Among the products the question names, when it names a kind of them ("the cheapest pin"); otherwise in the whole shop.
    picks = ofKindNamed(question.text, ctx.catalog.site.name, picks, byPrice).slice(0, 1);
    label = 'The cheapest';
  } else if (/ (most expensive|priciest|most costly|dearest|highest price|costs? the most) /.test(question.text)) {
    picks = ofKindNamed(question.text, ctx.catalog.site.name, picks, byPrice).slice(-1);
    label = 'The most expensive';
  } else if (!picks.length && / bundles? /.test(question.text) && body.items.some((p) => p.includes?.length)) {
    // The bundles asked for with none of them named ("any bundle deals, several things together"): every bundle, whatever else is said.
    picks = body.items.filter((p) => p.includes?.length);
    label = 'The bundles';
  } else if (!picks.length && question.many && !subjectBeyond(ctx, 'shop').length) {
    // Every item asked for and nothing else named ("give me the whole merch lineup", "list everything in the store"): all of them.
    picks = [...body.items];
    label = 'Every item';
  } else if (!picks.length && ofKind.length) {
    // The products of a kind the question names by its word, whatever else it says ("list all pins", "every mug you have"): those.
    picks = ofKind;
  } else if (!picks.length) {
    picks = body.items.filter((p) => p.availability === 'in_stock').slice(0, 5);
    // What was asked for, less the words that name the shop itself: "do you sell cbd" is told that no product is CBD.
    const subject = subjectBeyond(ctx, 'shop').join(' ');
    if (subject) unmatched = askTheTeam(ctx);
    label = unmatched ? `No product matches "${subject}". ${siteSays(ctx, subject)}${unmatched.says} A few items in stock` : 'A few items in stock';
  }
  // What the question leaves out leaves the list; asked for nothing else, the list is of every item but those.
  const out = notAvailable ? new Set<string>() : excludedRefs(ctx, ['product']);
  if (out.size) {
    if (label === 'A few items in stock') [picks, label] = [[...body.items], 'Items'];
    picks = picks.filter((p) => !out.has(p.id));
    label += `, leaving out ${question.excluding}`;
  }
  // An item asked for as it is not published ("the sticker pack without the watering can sticker", "the tote in other colours"): the
  // shop publishes each item one way, so what it is like otherwise is not known.
  const variant = label === 'Matching' && picks.length > 0 && VARIANT.test(` ${question.asWritten.join(' ')} `);
  if (variant) unmatched = askTheTeam(ctx);
  if (picks.length && !/^(The |A few )/.test(label) && !label.includes('A few items')) label += countText(question.text, picks.length, 'product');
  // Every item asked for is every item (the shop holds ten); any other list is cut to its first five.
  if (!label.startsWith('Every item')) picks = picks.slice(0, 5);
  // One or two items are described as well: what they are is part of the answer; in a longer list, those that say more of the question.
  const more = saysMore(ctx);
  const described = (p: Item) => (picks.length <= 2 || more(p.description, p.name) ? `${line(p)}: ${p.description.replace(/\.$/, '')}` : line(p));
  return ctx.answer(
    'shop',
    `The shop catalog (${body.total} novelty items and bundles) is at GET ${base}/api/public/shop/products and ${base}/shop. ${label}: ${picks.map(described).join('; ')}. ${label === 'Matching' ? `${cheaperOf(question.text, picks)}${totalOf(ctx, picks)}` : ''}${variant && unmatched ? `The shop publishes each item only as described, no other version of it. ${unmatched.says} ` : ''}${body.note}`,
    [api('/api/public/shop/products', 'Shop products'), ...picks.map((p) => ({ title: p.name, url: p.pageUrl })), ...(unmatched ? [unmatched.source] : [])],
    ["What's on now?", 'Where are the feeds?'],
  );
}
