/**
 * An id pasted from the site or the API names its item: "cc-009 in one line please", "what is
 * http://localhost:4321/videos/cc-006 about", "ep-004 who is the guest", "price of mug-cove-logo".
 * The id, with the URL or path it ends, is read as the item's name (a video's or episode's title, a
 * product's name, a clip's title, an announced special's title), so the question is answered as if
 * the item had been named. An id shaped like a video's or an episode's that names nothing published
 * is read as that kind of item ("the video cc-099"): the answer says no published one matches. A
 * value of a query parameter ("?videoId=cc-004") is left as written.
 */
import type { Catalog } from '../catalog/catalog-types.ts';
import { topics } from '../schemas/content.ts';

/** A path of URL segments ending in the id, with or without an origin: "http://localhost:4321/videos/", "/api/public/videos/". */
const PATH = String.raw`(?:https?:\/\/[^\s/]+)?(?:\/[\w.-]+)*\/`;
/** What a video's and an episode's ids look like: "cc-012", "ep-004". */
const VIDEO_ID = /^cc-\d+$/;
const EPISODE_ID = /^ep-\d+$/;

/** A pasted request for the video list filtered by category, tag or featured: "http://localhost:4321/api/public/videos?category=news". */
const VIDEO_LIST = /(?:https?:\/\/[^\s/]+)?\/api\/public\/videos\?([^\s'"]+)/g;

/** The videos a list request's filters ask for, in words ("the news videos", "the featured videos tagged harvest"), or the request as written. */
function listedVideos(whole: string, query: string): string {
  const params = new URLSearchParams(query);
  const category = params.get('category');
  const tag = params.get('tag');
  const featured = params.get('featured') === 'true';
  if (!category && !tag && !featured) return whole;
  return `the ${featured ? 'featured ' : ''}${category ? `${category} ` : ''}videos${tag ? ` tagged ${tag}` : ''}`;
}

/** A pasted request for the knowledge base by topic: "/api/public/knowledge?topic=strains". */
const KNOWLEDGE_TOPIC = /(?:https?:\/\/[^\s/]+)?\/api\/public\/knowledge\?(?:[^\s'"]*&)?topic=([^\s&'"]+)[^\s'"]*/g;

/** A topic the knowledge base does not have is the request's error, by its code; a topic it has stays as written. */
const knowledgeTopic = (whole: string, topic: string) => ((topics as readonly string[]).includes(topic.toLowerCase()) ? whole : `unknown_topic (the knowledge topic ${topic})`);

/** An id of the catalog pasted with the URL or path it ends, or three words or more joined by hyphens. */
const PASTED_ID = new RegExp(String.raw`(?<![\w=?&-])(?:${PATH})?([A-Za-z][\w-]*\d[\w-]*|[a-z]+(?:-[a-z]+){2,})(?![\w-])`, 'g');

/** The names of a catalog's items by their ids, made once per catalog: a catalog of 10,000 videos is not gone through per question. */
const itemNames = new WeakMap<Catalog, Map<string, string>>();
function namesOf(catalog: Catalog): Map<string, string> {
  let names = itemNames.get(catalog);
  if (!names) {
    names = new Map<string, string>();
    for (const v of catalog.videos) names.set(v.id, `the video "${v.title}"`);
    for (const e of catalog.podcast.episodes) names.set(e.id, `the podcast episode "${e.title}"`);
    for (const p of catalog.products) names.set(p.id, `the ${p.name}`);
    for (const c of catalog.clips) names.set(c.id, `the clip "${c.title}"`);
    itemNames.set(catalog, names);
  }
  return names;
}

export function namingItems(message: string, catalog: Catalog, now: Date): string {
  message = message.replace(VIDEO_LIST, listedVideos).replace(KNOWLEDGE_TOPIC, knowledgeTopic);
  const names = namesOf(catalog);
  // A special is named once it is announced.
  const special = (id: string) => catalog.schedule.specials.find((s) => s.id === id && Date.parse(s.announceAt) <= now.getTime());
  return message.replace(PASTED_ID, (whole, id: string) => {
    const lower = id.toLowerCase();
    const announced = special(lower);
    const named = names.get(lower) ?? (announced && `the special "${announced.title}"`);
    if (named) return named;
    if (VIDEO_ID.test(lower)) return `the video ${lower}`;
    if (EPISODE_ID.test(lower)) return `the podcast episode ${lower}`;
    // Three words or more joined by hyphens that name nothing are read as the words: "do you sell hoodie-forest-green".
    if (whole === id && /^[a-z]+(?:-[a-z]+){2,}$/.test(lower)) return lower.replaceAll('-', ' ');
    return whole;
  });
}
