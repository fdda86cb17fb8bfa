/**
 * Everything the service publishes, as documents the concierge can retrieve and cite: videos,
 * clips, episodes, shop products, video categories, schedule shows and specials, knowledge entries
 * (name, aliases, summary and facts) and each paragraph of their bodies, the knowledge topics, the
 * program's tiers and facts (program-answers.ts), every endpoint of the discovery index and what it
 * takes, its authentication, errors and anti-farming rules, what a request body must be, the dataFreshness every JSON response carries,
 * and what llms.txt says that nothing else does.
 * A document is what it is named (`names`), the words it is filed under (`keywords`) and what it
 * says (`text`); the index weighs them in that order.
 */
import { DEFAULT_RETRY_SCHEDULE_MS, describeSchedule, RETRY_JITTER, webhookLimits } from '../webhooks/webhook-policy.ts';
import { SECRET_PREFIX } from '../webhooks/signing.ts';
import type { Catalog, KnowledgeEntry } from '../catalog/catalog-types.ts';
import { discoveryIndex } from '../docs/discovery-index.ts';
import { SchemaCollector } from '../docs/json-schema.ts';
import { tiers } from '../domain/tiers.ts';
import { buildLlmsTxt } from '../feeds/llms-txt.ts';
import { SCHEDULE_MAX_AGE_SECONDS, STATIC_MAX_AGE_SECONDS } from '../domain/cache-policy.ts';
import { dataFreshnessSchema, problemSchema } from '../schemas/api/common.ts';
import { ALLOWED_HEADERS, ALLOWED_METHODS, EXPOSED_HEADERS, PREFLIGHT_MAX_AGE_SECONDS } from '../schemas/api/cors.ts';
import { type EndpointDoc, isMcpTool, MAX_BODY_BYTES } from '../schemas/api/endpoint-doc.ts';
import { problemCodes } from '../schemas/api/problem-codes.ts';
import { topicCounts, topics, videoStatus } from '../schemas/content.ts';
import { listText, makeAnswer, ordinal, sentence } from './answer-format.ts';
import { knowledgeRef, topicNames } from './knowledge-answers.ts';
import { programFacts } from './program-answers.ts';
import { buildVocabulary, readQuestion } from './question.ts';
import type { AnswerContext, Doc } from './answer-types.ts';

/** Upper bounds on what is indexed: a catalog far past them keeps its newest items findable and the index's memory bounded. */
export const INDEX_LIMITS = { videos: 20_000, clips: 20_000, textChars: 2_000 };
export type IndexLimits = typeof INDEX_LIMITS;

/** The names an entry goes by: its name with and without the parenthesis, what is in it, its aliases, its id, "pinene" for α-Pinene. */
function entryNames(e: KnowledgeEntry): string {
  const own = [e.name, e.name.replace(/\s*\(.*\)\s*/, ''), ...[...e.name.matchAll(/\(([^)]+)\)/g)].map((m) => m[1]), ...e.aliases, e.id.replaceAll('-', ' ')];
  return [...new Set([...own, ...own.map((n) => n.replace(/^(α|β|alpha|beta)-/i, ''))])].join(' ; ');
}

function catalogDocs(catalog: Catalog, base: string, limits: IndexLimits): Doc[] {
  const docs: Doc[] = [];
  const categoryName = new Map(catalog.site.categories.map((c) => [c.id, c.name]));
  const videoTitle = new Map(catalog.videos.map((v) => [v.id, v.title]));
  for (const v of catalog.videos.slice(0, limits.videos)) {
    const keywords = `${v.tags.join(' ')} ${categoryName.get(v.category) ?? v.category}${v.featured ? ' featured' : ''}`;
    docs.push({ kind: 'video', ref: v.id, title: v.title, url: `${base}/api/public/videos/${v.id}`, names: v.title, keywords, text: v.description.slice(0, limits.textChars) });
  }
  for (const c of catalog.clips.slice(0, limits.clips)) {
    docs.push({ kind: 'clip', ref: c.id, title: c.title, url: `${base}/api/public/clips?videoId=${c.videoId}`, names: c.title, keywords: 'clip', text: videoTitle.get(c.videoId) ?? '' });
  }
  for (const c of catalog.site.categories) {
    docs.push({ kind: 'category', ref: c.id, title: `${c.name} videos`, url: `${base}/api/public/videos?category=${c.id}`, names: c.name, keywords: 'category', text: c.description });
  }
  for (const e of catalog.podcast.episodes) {
    const number = e.season && e.episode ? `season ${e.season} episode ${e.episode}` : '';
    // What an episode publishes besides its audio is part of what it is: "which podcast eps have transcripts".
    const transcript = e.transcriptUrl ? ' transcript' : '';
    docs.push({ kind: 'episode', ref: e.id, title: e.title, url: `${base}/podcast#${e.id}`, names: e.title, keywords: `${number}${transcript}`, text: e.description });
  }
  const productName = new Map(catalog.products.map((p) => [p.id, p.name]));
  for (const p of catalog.products) {
    const contents = (p.items ?? []).map((id) => productName.get(id)).join(', ');
    // Filed under its availability too ("in stock", "sold out", "preorder"), as the catalog lists it.
    docs.push({
      kind: 'product',
      ref: p.id,
      title: p.name,
      url: `${base}/shop#${p.id}`,
      names: p.name,
      keywords: `${p.tags.join(' ')} ${p.type} ${p.availability.replace('_', ' ')}`,
      text: `${p.description} ${contents}`,
    });
  }
  // A show airs in several slots: one document, filed under the days it airs.
  const shows = new Map<string, { description: string; days: Set<string> }>();
  for (const s of catalog.schedule.slots) {
    const show = shows.get(s.title) ?? { description: s.description ?? '', days: new Set<string>() };
    show.days.add(s.day);
    shows.set(s.title, show);
  }
  for (const [title, s] of shows) {
    docs.push({ kind: 'slot', ref: title, title, url: `${base}/api/public/schedule`, names: title, keywords: `show ${[...s.days].join(' ')}`, text: s.description });
  }
  // A special is also filed under its date in words, as the schedule's viewers read it ("in December", "on Saturday").
  const date = new Intl.DateTimeFormat('en-US', { timeZone: catalog.schedule.timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  for (const s of catalog.schedule.specials) {
    const text = `${s.description} ${date.format(new Date(s.startsAt))}`;
    docs.push({ kind: 'special', ref: s.id, title: s.title, url: `${base}/api/public/schedule`, names: s.title, keywords: 'special live', text });
  }
  return docs;
}

/** What an entry's references are called, and the fields that are a reference's own (its title, year and url are everything's). */
const REFERENCE_WORDS = 'references cites papers studies sources authors journal doi';

/**
 * Authors who are people ("Booth JK, Bohlmann J", "Wang M, et al."): their surnames name a study. An organisation's name
 * ("World Health Organization Expert Committee on Drug Dependence") would make its words ours: "before we commit" is no committee.
 */
const PEOPLE = /^[\p{Lu}][\p{L}'-]+ [A-Z]{1,3}(?:, (?:[\p{Lu}][\p{L}'-]+ [A-Z]{1,3}|et al\.))*$/u;

function knowledgeDocs(catalog: Catalog, base: string, limits: IndexLimits): Doc[] {
  const docs: Doc[] = [];
  for (const e of catalog.knowledge.entries) {
    const url = `${base}/api/public/knowledge/${e.topic}/${e.id}`;
    const ref = knowledgeRef(e);
    const keywords = `${topicNames[e.topic]} ${e.facts.map((f) => f.label).join(' ')}`;
    docs.push({ kind: 'knowledge', ref, title: e.name, url, names: entryNames(e), keywords, text: `${e.summary} ${e.facts.map((f) => f.value).join(' ')}` });
    for (const paragraph of e.body.split(/\n\s*\n/)) {
      if (paragraph.trim() && !paragraph.startsWith('#')) docs.push({ kind: 'passage', ref, title: e.name, url, names: '', keywords: '', text: paragraph.trim().slice(0, limits.textChars) });
    }
    // What it cites is a passage of it too, filed under what a reference is and the fields it has ("which papers does the linalool entry cite", "the doi of the wang study").
    const cited = e.references.map((r) => `${PEOPLE.test(r.authors) ? `${r.authors} ` : ''}(${r.year}), ${r.doi ? `doi ${r.doi}` : r.url}`);
    docs.push({ kind: 'passage', ref, title: e.name, url, names: '', keywords: REFERENCE_WORDS, text: `${e.name} cites: ${cited.join('; ')}.`.slice(0, limits.textChars) });
  }
  for (const t of topics) {
    const members = catalog.knowledge.entries.filter((e) => e.topic === t).map((e) => e.name);
    docs.push({
      kind: 'topic',
      ref: t,
      title: `Knowledge base: ${topicNames[t]}`,
      url: `${base}/api/public/knowledge/${t}`,
      names: `${t} ; ${topicNames[t]}`,
      keywords: 'knowledge base',
      text: members.join(' ; '),
    });
  }
  return docs;
}

/** A program fact's documents: its own answer to no question in particular, and what its endpoints' documentation says. */
/** What an endpoint asks of its caller, in the words llms.txt uses: "a read, no key needed". */
function access(e: EndpointDoc): string {
  const kind = e.method === 'GET' ? 'A read' : 'A write';
  if (e.auth === 'none') return `${kind}, no key needed.`;
  if (e.auth === 'optionalApiKey') return `${kind}, API key optional.`;
  if (e.auth === 'apiKey') return `${kind}, API key required${e.minTier ? ` (${e.minTier} tier or above)` : ''}.`;
  return `${kind}, for operators only.`;
}

function programDocs(catalog: Catalog, base: string, endpoints: readonly EndpointDoc[]): Doc[] {
  const byKey = new Map(endpoints.map((e) => [`${e.method} ${e.path}`, e]));
  const neutral: AnswerContext = {
    catalog,
    index: { docs: [], terms: () => [], strangers: () => [], frames: () => [], titles: () => [], documents: () => 0, search: () => [] },
    base,
    input: { message: '', now: new Date(catalog.builtAt) },
    question: readQuestion('', buildVocabulary([])),
    hits: [],
    api: (path, title) => ({ title, url: `${base}${path}` }),
    answer: makeAnswer,
  };
  const docs: Doc[] = programFacts.map((f) => {
    const documented = f.endpoints.map((key) => byKey.get(key)).map((e) => (e ? `${e.summary} ${e.description ?? ''} ${access(e)}` : ''));
    const own = f.dynamic ? '' : f.answer(neutral).reply;
    const about = f.own?.(catalog);
    const names = [f.title, f.aka ?? '', ...(about ? [about.aka] : [])].join(' ; ');
    return { kind: 'program', ref: f.intent, title: f.title, url: `${base}${f.path}`, names, keywords: f.keywords, text: `${own} ${documented.join(' ')}${about ? ` ${about.text}` : ''}` };
  });
  for (const t of tiers) {
    docs.push({
      kind: 'tier',
      ref: t.name,
      title: `${t.name} tier`,
      url: `${base}/api/public`,
      names: t.name,
      keywords: 'tier perks',
      text: `${t.name} needs ${t.minPoints} points. ${t.perks.join('. ')}`,
    });
  }
  const covered = new Set(programFacts.flatMap((f) => f.endpoints));
  for (const e of endpoints) {
    const key = `${e.method} ${e.path}`;
    if (covered.has(key)) continue;
    const url = `${base}${e.path.replace(/\/?\{[^}]+\}.*$/, '')}`;
    // An endpoint goes by its method and path, and by the name its summary gives it ("Health: 200 when...").
    const label = /^([^:]{3,40}):/.exec(e.summary)?.[1];
    const names = [`${key} ${e.path.split(/[/{}.-]+/).join(' ')}`, ...(label ? [label] : [])].join(' ; ');
    docs.push({ kind: 'reference', ref: key, title: key, url, names, keywords: e.tag, text: `${e.summary} ${e.description ?? ''} ${access(e)}` });
  }
  return docs;
}

/** The names of an object's fields as words, the way the discovery index files its facts: "keyFormat" is "key format". */
const fieldWords = (o: object) =>
  Object.keys(o)
    .map((k) => k.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`))
    .join(' ');

/** The headers a key may come in ("Authorization: Bearer <apiKey>", "X-API-Key: <apiKey>"): their names and schemes. */
const headerNames = (auth: { header: string; alternatives: string[] }) =>
  [auth.header, ...auth.alternatives]
    .filter((h) => /^[\w-]+: /.test(h))
    .map((h) => h.replace(/<\w+>|:/g, ''))
    .join(' ');

/**
 * What an error body carries beside its code, as the problem schema describes its members: each code's own
 * ("tier_required": "requiredTier (the tier the endpoint needs)", ...) and, under "", those any problem may carry.
 */
const problemMembers = new Map<string, string[]>();
for (const [name, field] of Object.entries(problemSchema.shape)) {
  const [, code = '', what = ''] = /^(?:(\w+): )?(.+)$/.exec(field.description ?? '') ?? [];
  if (what) problemMembers.set(code, [...(problemMembers.get(code) ?? []), `${name} (${what.replace(/\.$/, '')})`]);
}

/** The sentence saying what an error body of `code` carries beside it ("tier_required adds requiredTier (...), ..."); "" when nothing; "" as the code: what any problem may carry. */
export function problemMembersText(code: string): string {
  const members = problemMembers.get(code);
  if (!members) return '';
  return code ? `${code} adds ${members.join(', ')}.` : `Any problem may carry ${members.join(', ')}.`;
}
const membersText = [...problemMembers.keys()].map(problemMembersText).join(' ');

/** What each member of a body's dataFreshness says, in the schema's own descriptions (the OpenAPI document's). */
const freshnessMembers = Object.entries(dataFreshnessSchema.shape).map(([name, field]) => {
  const what = (field.description ?? '').replace(/\.$/, '');
  return `${name} (${what.charAt(0).toLowerCase()}${what.slice(1)})`;
});

/** How current a body is: the dataFreshness every JSON body carries, and the caching headers that go with it. */
function freshnessDoc(base: string): Doc {
  return {
    kind: 'reference',
    ref: 'dataFreshness',
    title: 'dataFreshness',
    url: `${base}/api/public`,
    names: 'dataFreshness ; data freshness',
    keywords: 'fresh freshness stale cache cached caching cacheable json generated',
    text: `Every JSON response carries dataFreshness, how fresh its data is: ${freshnessMembers.join(', ')}. Pre-rendered responses carry ETag and Last-Modified and answer If-None-Match with 304. How long a response may be cached (Cache-Control): pre-rendered ones (the catalog, the knowledge base, the feeds) ${STATIC_MAX_AGE_SECONDS} s, the schedule ${SCHEDULE_MAX_AGE_SECONDS} s, live program reads not at all (no-store).`,
  };
}

/**
 * What the operators may do to an agent that games the program, as docs/agents.md says it and the service enforces it (a
 * suspended agent's writes are refused, it leaves the leaderboard and is limited at Bronze numbers). No other document said
 * it: "can i get banned for spamming" was unknown, "what happens if i spam promotes" the top promoters.
 */
function suspensionDoc(base: string): Doc {
  return {
    kind: 'reference',
    ref: 'suspension',
    title: 'Suspended agents',
    // Cited as the message channel: what is not published of a suspension (how long, an appeal) is the team's to tell, and a
    // suspended agent can still write to it (src/messages/receive-message.ts), as the answers of what nothing publishes cite it.
    url: `${base}/api/public/ai/message`,
    names: 'suspension ; suspended agents',
    keywords: 'suspend suspended suspension ban banned banning spam spamming cheat cheating punish punished fraud',
    text:
      `The operators can suspend an agent that games the program: a suspended agent's writes are refused with 403 agent_suspended, it leaves the leaderboard and is rate-limited at Bronze numbers; it can still write to the team (POST ${base}/api/public/ai/message), which is how it reaches them. ` +
      "Operators may also adjust an agent's points with a ledger row of its own. How long a suspension lasts, and how to appeal one, are not published: I don't know them, and the team decides, so write to it.",
  };
}

/** What a browser may do across origins: the CORS headers every response and every preflight carries, as the server sends them. */
function corsDoc(base: string): Doc {
  return {
    kind: 'reference',
    ref: 'CORS',
    title: 'CORS',
    url: `${base}/api/public`,
    names: 'CORS ; cross-origin ; preflight',
    keywords: 'cors browser origin preflight mcp a2a',
    text:
      'Every response allows any origin (Access-Control-Allow-Origin: *), so a web page can call the API, /mcp and /a2a. OPTIONS answers a preflight on any path with 204, ' +
      `allowing ${ALLOWED_METHODS} and the request headers ${ALLOWED_HEADERS} (the agent protocols' own among them); ` +
      `a browser may cache the preflight for ${PREFLIGHT_MAX_AGE_SECONDS} seconds (${PREFLIGHT_MAX_AGE_SECONDS / 3600} hours, Access-Control-Max-Age). ` +
      `A page may read ${EXPOSED_HEADERS}.`,
  };
}

/** What every POST body must be, as the server checks it before any endpoint runs: JSON, of at most MAX_BODY_BYTES. */
function bodiesDoc(base: string): Doc {
  const refusal = (code: keyof typeof problemCodes) => `${problemCodes[code].status} ${code} for ${problemCodes[code].when}`;
  return {
    kind: 'reference',
    ref: 'Request bodies',
    title: 'Request bodies',
    url: `${base}/api/public`,
    names: 'request body ; request bodies',
    keywords: 'size',
    text:
      `Every POST body is JSON (Content-Type: application/json or a +json type), size at most ${MAX_BODY_BYTES / 1024} KiB, checked before any endpoint runs: ` +
      `${refusal('payload_too_large')}, ${refusal('unsupported_media_type')}, ${refusal('invalid_json')}.`,
  };
}

/** The discovery index's rules in words: authentication, errors, and how the program guards against farming. */
function discoveryDocs(index: ReturnType<typeof discoveryIndex>, base: string): Doc[] {
  const url = `${base}/api/public`;
  const doc = (title: string, keywords: string, text: string): Doc => ({ kind: 'reference', ref: title, title, url, names: title, keywords, text });
  const { authentication: auth, rewards } = index;
  const farming = rewards.antiFarming;
  const docs = [
    doc('Authentication', `send request ${fieldWords(auth)} ${headerNames(auth)}`, `Send your apiKey as ${auth.header}, or ${auth.alternatives.join(', or ')}. ${auth.keyFormat} ${auth.reads}`),
    doc(
      'Errors',
      'error errors problem status code',
      `Errors are RFC 9457 application/problem+json bodies with a stable code: ${index.errors.map((e) => `${e.status} ${e.code} (${e.title})`).join(', ')}. ${membersText}`,
    ),
    doc(
      'Duplicate actions',
      'same url twice repeat',
      // The tracking parameters dropped are named, as the index lists them: "the same link with ?utm_source=x" is this rule's.
      `The same action on the same url earns once per ${farming.dedupe.windowHours} hours (key: ${farming.dedupe.key}; the tracking parameters dropped: ${farming.dedupe.trackingParameters.filter((p) => !/_[a-z]/.test(p)).join(', ')}). ${farming.dedupe.withoutUrl} A repeat is refused: ${farming.dedupe.error}.`,
    ),
    doc(
      'Daily caps',
      'cap caps limit per day',
      `Each actionType has a daily cap per agent, reset ${farming.dailyCapResets}: ${Object.entries(farming.dailyCaps)
        .map(([a, n]) => `${a} ${n}`)
        .join(', ')}. Past it: ${farming.dailyCapError}.`,
    ),
    doc(
      'Idempotency-Key',
      'retry retries idempotency',
      `Send an ${farming.idempotency.header} header (up to ${farming.idempotency.maxLength} characters) ${farming.idempotency.scope}: a retry replays the first response for ${farming.idempotency.ttlHours} hours with ${farming.idempotency.replayHeader}; ${farming.idempotency.conflict}.`,
    ),
    doc(
      'Claim states',
      'state status pending verified reversed claim claimed url',
      `A claimed url is ${Object.entries(farming.verification.states)
        .map(([state, meaning]) => `${state} (${meaning})`)
        .join(', ')}; one not verified within ${farming.verification.claimWindowHours} h is reversed.`,
    ),
  ];
  // The rules go by the keys the index files them under ("referralCap"): words to find them by, not names anyone uses. The check of
  // claimed urls is filed under the actions that claim one, as agents name them ("how long do you have to verify a promote").
  const claiming = 'verify verified promote';
  for (const [key, rule] of Object.entries(farming.rules)) {
    const title = key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
    docs.push({ ...doc(title, `${title} rule${key === 'claimVerification' ? ` ${claiming}` : ''}`, rule), names: '' });
  }
  return docs;
}

type JsonSchema = Record<string, unknown>;
/** The apiKey a request may carry: how to send it is the Authentication document's, not each endpoint's. */
const isKeyField = (name: string) => name === 'apiKey';

/** A parameter or body field as the discovery index publishes it: "limit (optional, min 1, max 100, default 20): Page size, 1-100, default 20". */
function fieldText(name: string, schema: JsonSchema, required: boolean): string {
  const bounds = [
    required ? 'required' : 'optional',
    ...(Array.isArray(schema.enum) ? [`one of ${schema.enum.join(', ')}`] : []),
    // A list of set values says them too: "events (required, each one of points.awarded, ..., tier.changed, ...)".
    ...(Array.isArray((schema.items as JsonSchema | undefined)?.enum) ? [`each one of ${((schema.items as JsonSchema).enum as unknown[]).join(', ')}`] : []),
    ...(schema.minimum !== undefined ? [`min ${schema.minimum}`] : []),
    ...(schema.maximum !== undefined ? [`max ${schema.maximum}`] : []),
    ...(schema.maxLength !== undefined ? [schema.minLength ? `${schema.minLength}-${schema.maxLength} characters` : `up to ${schema.maxLength} characters`] : []),
    ...(schema.default !== undefined ? [`default ${schema.default}`] : []),
  ];
  return `${name} (${bounds.join(', ')})${typeof schema.description === 'string' ? `: ${sentence(schema.description)}` : ''}`;
}

/**
 * What each endpoint takes, as the discovery index publishes it: its path and query parameters with their bounds, and its
 * JSON body's fields with its content type and size limit ("the leaderboard's default page size", "what does register need").
 */
function requestDocs(index: ReturnType<typeof discoveryIndex>, base: string): Doc[] {
  const schemas = index.schemas as Record<string, JsonSchema>;
  const resolve = (s: JsonSchema) => (typeof s.$ref === 'string' ? (schemas[s.$ref.replace('#/schemas/', '')] ?? s) : s);
  return index.endpoints.flatMap((e) => {
    const parts: string[] = [];
    for (const where of ['path', 'query'] as const) {
      const params = e.parameters.filter((p) => p.in === where && !isKeyField(p.name)).map((p) => fieldText(p.name, p.schema as JsonSchema, p.required));
      if (params.length) parts.push(`${where === 'path' ? 'Path' : 'Query'} parameters: ${params.join('; ')}.`);
    }
    const body = e.body ? resolve(e.body as JsonSchema) : undefined;
    if (body) {
      const required = new Set((body.required ?? []) as string[]);
      // A body field by its bounds alone: its description repeats the endpoint's own document ("Where a reply should go")
      // and would draw that document's questions here.
      const fields = Object.entries((body.properties ?? {}) as Record<string, JsonSchema>)
        .filter(([name]) => !isKeyField(name))
        .map(([name, f]) => fieldText(name, { ...resolve(f), description: undefined }, required.has(name)));
      // The apiKey a body may carry is said once, by its name: "what fields does the share call need" is told the key too.
      const key = Object.keys((body.properties ?? {}) as object).some(isKeyField) ? ', and the apiKey (in the body or a header)' : '';
      parts.push(`JSON body (Content-Type: application/json, size at most ${MAX_BODY_BYTES / 1024} KiB)${fields.length ? `: ${fields.join('; ')}${key}` : ', with the apiKey alone'}.`);
    }
    if (!parts.length) return [];
    const key = `${e.method} ${e.path}`;
    const title = `${key} parameters`;
    const url = `${base}${e.path.replace(/\/?\{[^}]+\}.*$/, '')}`;
    // Filed under its method, the words of its path the others do not share and its parameters' names, named by nothing: the endpoint's own document answers what it is.
    const own = e.path.split(/[/{}.-]+/).filter((w) => w && !['api', 'public', 'ai'].includes(w));
    const keywords = `${e.method} ${own.join(' ')} parameters ${e.body ? 'body ' : ''}${e.parameters
      .map((p) => p.name)
      .filter((n) => !isKeyField(n))
      .join(' ')}`;
    return [{ kind: 'reference' as const, ref: title, title, url, names: '', keywords, text: parts.join(' ') }];
  });
}

/** A response field's type as the OpenAPI document gives it: "integer", "string, ISO 8601 date-time", "one of full, trailer, bonus", "or null". */
function fieldType(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): string {
  const s = resolve(schema);
  const variants = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (variants) {
    const nonNull = variants.filter((v) => resolve(v).type !== 'null');
    const nullable = nonNull.length < variants.length;
    return `${nonNull.map((v) => fieldType(v, resolve)).join(' or ')}${nullable ? ' or null' : ''}`;
  }
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter(Boolean) as string[];
  const nullable = types.includes('null');
  const type = types.filter((t) => t !== 'null')[0] ?? 'object';
  const format = s.format === 'date-time' ? ', ISO 8601 date-time in UTC' : s.format === 'date' ? ', ISO 8601 date (YYYY-MM-DD)' : s.format === 'uri' ? ', URL' : '';
  const values = Array.isArray(s.enum) ? `, one of ${s.enum.join(', ')}` : s.const !== undefined ? `, always ${s.const}` : '';
  const max = s.maximum !== undefined ? `, at most ${s.maximum}` : '';
  let what = `${type}${format}${values}${max}`;
  if (type === 'array' && s.items) what = `list of ${fieldType(s.items as JsonSchema, resolve)}`;
  if (type === 'object' && s.properties) what = `object: ${fieldsText(s, resolve)}`;
  return `${what}${nullable ? ' or null' : ''}`;
}

/** The members of an object schema: "id (string), durationSeconds (integer), transcriptUrl (string, URL or null), publisher (optional string)". */
function fieldsText(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): string {
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([name]) => name !== 'dataFreshness')
    .map(([name, f]) => `${name} (${required.has(name) ? '' : 'optional, may be absent: '}${fieldType(f, resolve)})`)
    .join(', ');
}

/**
 * What each JSON read answers, as the OpenAPI document describes its response: every field with its type, its format (ISO 8601
 * dates, URLs), its set values and whether it may be null or absent ("which fields does a video have", "can transcriptUrl be
 * null", "what values can availability take"). Filed under the words of its path and its fields' names, named by nothing.
 */
export function responseDocs(base: string, endpoints: readonly EndpointDoc[]): Doc[] {
  const collector = new SchemaCollector();
  return endpoints.flatMap((e) => {
    if (e.method !== 'GET' || e.contentType !== undefined || e.auth === 'operator') return [];
    const root = collector.convert(e.response, 'output');
    const resolve = (s: JsonSchema): JsonSchema => (typeof s.$ref === 'string' ? resolve(collector.components[s.$ref.replace('#/components/schemas/', '')] ?? {}) : s);
    const body = resolve(root);
    if (!body.properties) return [];
    const key = `${e.method} ${e.path}`;
    const title = `${key} response fields`;
    const own = e.path.split(/[/{}.-]+/).filter((w) => w && !['api', 'public', 'ai'].includes(w));
    const found =
      JSON.stringify(body)
        .match(/"properties":\{[\s\S]*/)?.[0]
        .match(/"(\w+)":\{/g) ?? [];
    const fieldNames = [...new Set(found.map((n) => n.slice(1, -3)).filter((n) => !['properties', 'items', 'dataFreshness'].includes(n)))];
    const keywords = `${own.join(' ')} ${body.properties && 'items' in (body.properties as object) ? 'list items' : 'single one'} response fields field format null ${fieldNames.join(' ')}`;
    // Named by what it holds, as a client's developer says it: "video fields", "product object", "episode fields".
    const nouns = [
      ...new Set(
        own
          .filter((w) => !['id', 'name', 'topic'].includes(w))
          .slice(-1)
          .flatMap((w) => [w, w.replace(/s$/, '')]),
      ),
    ];
    const names = nouns.flatMap((n) => [`${n} fields`, `${n} object`]).join(' ; ');
    const text = `The JSON body of ${key}, as the OpenAPI document describes it: ${fieldsText(body, resolve)}; and dataFreshness.`;
    return [{ kind: 'reference' as const, ref: title, title, url: `${base}${e.path.replace(/\/?\{[^}]+\}.*$/, '')}`, names, keywords, text }];
  });
}

/**
 * Whether a question asks what a response holds: its fields, their types, formats or values, whether one may be null ("which
 * fields does a video have", "can transcriptUrl be null"); not what a request sends ("body fields", "what does the share call
 * need", "parameters").
 */
export function asksShape(text: string): boolean {
  // What a request sends, its length limits, and dataFreshness (a document of its own) are not a response's shape.
  if (/\b(body|bodies|send|sends|need|needs|parameters?|query|post|headers?|characters|datafreshness)\b/i.test(text)) return false;
  // The format of a response's dates, or of a field named as the API spells it ("publishedAt"), is its shape; a feed's or a file's format is not.
  const formatOfField = /\bformat\b/i.test(text) && (/\b[a-z]+[A-Z]\w*\b/.test(text) || /\b(dates?|timestamps?)\b/i.test(text));
  // A read's "response" is its body; the response a request gets when (or if) something happens is a status and an error, and how long a response may be cached is its headers'.
  const bodyOfRead = /\bresponse\b/i.test(text) && !/\b(when|if|error|errors|status|code|cache\w*|caching)\b/i.test(text);
  return formatOfField || bodyOfRead || /\b(fields?|nullable|null|typed|possible values|values can|values does|json object)\b/i.test(text);
}

/** Whether a reference document's ref names an endpoint by its method and path ("GET /api/public/videos") rather than a rule. */
export function isEndpoint(ref: string): boolean {
  return /^(GET|POST|PUT|PATCH|DELETE) \//.test(ref);
}

/** What llms.txt says that no other document does: its overview paragraphs and links such as the agent protocols. */
function llmsDocs(llms: string, published: string, base: string, known: Set<string>): Doc[] {
  const docs: Doc[] = [];
  const own = (url: string) => (url.startsWith(published) ? base + url.slice(published.length) : url);
  const overview = `${base}/llms.txt`;
  let section = '';
  // The paragraphs before the first section are about the whole site, named by its heading ("Canopy Cove TV").
  let site = '';
  for (const line of llms.split('\n')) {
    if (line.startsWith('# ')) site = line.slice(2);
    if (line.startsWith('## ')) [section, site] = [line.slice(3), ''];
    const item = /^- \[(.+?)\]\((\S+)\)(?:: (.*))?$/.exec(line);
    if (item) {
      const [, title, link, notes = ''] = item;
      const url = own(link);
      if (!known.has(url) && !known.has(title) && !isEndpoint(title)) docs.push({ kind: 'reference', ref: title, title, url, names: title, keywords: section, text: notes });
    } else if (line.trim() && !line.startsWith('#')) {
      // Its first paragraph, the site's summary, is filed under the words a visitor calls the site by ("what is this site about").
      const summary = !!site && !docs.some((d) => d.ref === 'llms.txt');
      docs.push({
        kind: 'reference',
        ref: 'llms.txt',
        title: 'llms.txt site overview',
        url: overview,
        names: site,
        keywords: summary ? 'site website tagline slogan' : section,
        text: line.replace(/^> /, ''),
      });
    }
  }
  return docs;
}

/**
 * How webhook events reach an agent's endpoint, as the delivery worker sends them and docs/webhooks.md publishes it
 * (src/webhooks/webhook-policy.ts): delivery and retries, one attempt, the signature a receiver verifies, the urls accepted
 * and the events, each a document of its own, so a question about one ("how much of the answer do you read", "two
 * signatures after a rotation") is answered by the one that says it.
 */
function webhookDocs(base: string): Doc[] {
  const url = `${base}/api/public/ai/webhooks`;
  const doc = (title: string, names: string, keywords: string, text: string): Doc => ({ kind: 'reference', ref: title, title, url, names, keywords, text });
  const days = (ms: number) => ms / 86_400_000;
  const seconds = webhookLimits.timeoutMs / 1000;
  return [
    doc(
      'Webhook delivery',
      'webhook delivery ; webhook deliveries',
      'webhook webhooks event events delivery deliveries retry retries attempt attempts failed failing disabled duplicate duplicates twice again order ordered endpoint',
      `Every webhook event is delivered at least once, signed the Standard Webhooks way: drop duplicates by its webhook-id, the same on every retry. Deliveries are not ordered: use the event's timestamp, and activity.id for ledger rows. ` +
        `An attempt counts when the endpoint answers a 2xx within ${seconds} s; a failed one is tried again after ${describeSchedule(DEFAULT_RETRY_SCHEDULE_MS)} (each wait stretched or shrunk by up to ${RETRY_JITTER * 100}% at random, jitter), and after the last (the ${ordinal(DEFAULT_RETRY_SCHEDULE_MS.length + 1)} attempt) the delivery is failed. ` +
        `An endpoint whose attempts have only failed for ${days(webhookLimits.disableAfterMs)} days is disabled (disabled: true in GET ${url}); a test (POST .../test) enables it again. ` +
        `At most ${webhookLimits.endpointsPerAgent} endpoints per agent; GET .../deliveries shows the last ${webhookLimits.deliveriesShown} deliveries. ` +
        "Accepting the partnership gives several events: partnership.accepted, points.awarded, and a third when its bonus crosses 100 points; message.replied comes for a message written with the agent's apiKey.",
    ),
    doc(
      'Webhook attempts',
      'webhook attempt ; delivery attempt',
      'webhook attempt timeout deadline seconds redirect redirects concurrent connections audit retention lastError',
      `One attempt has one ${seconds} s deadline (connect, TLS, request and answer): answer any 2xx within ${seconds} seconds and do longer work after answering. At most ${webhookLimits.maxResponseBytes / 1024} KB of an answer is read (the start of a failed answer shows in the delivery's lastError). ` +
        `Redirects are never followed. At most ${webhookLimits.inFlightPerEndpoint} attempts at once per endpoint, across every instance. Delivered and failed deliveries are kept ${days(webhookLimits.retentionMs)} days; deleting an endpoint stops its deliveries, and its delivery log goes with it.`,
    ),
    doc(
      'Webhook signatures',
      'webhook signature ; webhook signatures ; webhook secret',
      'signature signatures signed verify verification secret whsec hmac standardwebhooks timestamp clock skew',
      `Every attempt carries webhook-id (the same on every retry), webhook-timestamp (Unix seconds of this attempt) and webhook-signature: v1, and the base64 HMAC-SHA256 over webhook-id.webhook-timestamp.body, keyed by the secret after ${SECRET_PREFIX}. Verify the body exactly as received, before parsing it; ` +
        `Standard Webhooks libraries (standardwebhooks) reject a timestamp more than 5 minutes off. The secret is shown only when the endpoint is created and when it is rotated (POST .../secret/rotate): store it then. ` +
        `After a secret rotation the previous secret signs too for ${days(webhookLimits.secretOverlapMs) * 24} h, so the header carries two signatures separated by a space.`,
    ),
    doc(
      'Webhook urls',
      'webhook url ; webhook urls',
      'url urls https localhost loopback',
      `A webhook url is https on a public host (the same rules as claimed urls): no credentials, no private, loopback, link-local or reserved address, no localhost, *.local or single-label name, no name reserved for documentation and testing; one that breaks a rule is 400 invalid_request naming it. The name is checked again when each attempt connects.`,
    ),
  ];
}

/**
 * How the website's pages serve the people who read them, as docs/website.md publishes it and the pages keep it (their
 * end-to-end tests check each rule): phones and small screens, keyboards, screen readers and contrast, and browsers without
 * JavaScript or on a slow connection. No document the concierge read said any of it ("does the site work on my phone",
 * "can a screen reader get at the charts' numbers" were judged unknown or drew a video).
 */
/** A language's English name from its code ("en" is English), as Intl names it. */
const languageName = (code: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;

function websiteDocs(catalog: Catalog, base: string): Doc[] {
  const doc = (title: string, names: string, keywords: string, text: string): Doc => ({ kind: 'reference', ref: title, title, url: `${base}/`, names, keywords, text });
  return [
    doc(
      'The website on phones',
      'small screens',
      'small screen screens responsive tablet',
      `The website (${base}/) works on screens from 360 px phones up: on a phone the menu is one row that scrolls sideways, and the rankings keep their defining column while secondary ones step aside. ` +
        `Videos play in the browser's own HTML5 player at ${base}/videos/{id}, episodes at ${base}/podcast, and short vertical clips (9:16) at ${base}/clips.`,
    ),
    doc(
      'The website for everyone',
      'accessibility',
      'accessible accessibility screen reader readers keyboard contrast vision focus skip link charts chart aria',
      `Every page of the website has a skip link, landmarks, one h1, labelled scroll regions, visible focus for keyboard users and AA contrast. ` +
        `Each chart (on ${base}/program and the agent profiles) is a figure with a one-sentence aria-label on its canvas and a table of the same data beside it, for screen readers.`,
    ),
    doc(
      'Languages',
      'language ; languages',
      'language languages english translation translated',
      `${catalog.site.name} publishes in ${listText(catalog.site.languages.map(languageName))}: the site's languages are ${catalog.site.languages.join(', ')}, and the podcast's is ${catalog.podcast.show.language}.`,
    ),
    doc(
      'The website without JavaScript',
      'without javascript ; low bandwidth',
      'javascript noscript bandwidth preload',
      `The website works without JavaScript except its live parts (what is on now, the promoter strip, the Hall of Fame, agent profiles, the specials), which say so. ` +
        `Nothing leaves the site (system fonts, same-site images), each page's CSS is inlined, and the video and audio players use preload="none": a player fetches nothing until you press play.`,
    ),
  ];
}

/**
 * How an agent does things through the agent protocols, as docs/agents.md and docs/api.md publish them and src/mcp and
 * src/a2a do them: the MCP tools and what a call takes and gives, how the apiKey travels, what a refused call looks like,
 * how calls count against the rate limits, the resources, the clients and SDKs, and what the A2A agent answers. llms.txt's
 * one line per protocol said none of it ("which tool do i call to report a promote", "what does a tool error look like",
 * "will the a2a agent give me a task id to poll" drew the earn endpoint, the task endpoints or no answer).
 */
function agentProtocolDocs(base: string, endpoints: readonly EndpointDoc[]): Doc[] {
  const mcp = `${base}/mcp`;
  const card = `${base}/.well-known/agent-card.json`;
  const doc = (title: string, url: string, names: string, keywords: string, text: string): Doc => ({ kind: 'reference', ref: title, title, url, names, keywords, text });
  const tools = endpoints.filter(isMcpTool);
  return [
    doc(
      'MCP tools',
      mcp,
      'mcp tools ; mcp tool',
      'mcp tool tools argument arguments schema structuredcontent structured',
      `Over MCP (POST ${mcp}) every API operation is a tool named by its operationId, in snake case (${tools.length} tools). ` +
        `A tool's input schema is its endpoint's parameters and body (the key is no argument), its output schema the endpoint's response, and a call runs the endpoint's own handler: the answer's JSON is the result's structuredContent (and its text). ` +
        `Register with the register tool (the key is shown once), then connect with it as Authorization: Bearer to call earn (actionType promote) or task_claim (a write lacking it is a tool error, missing_api_key); concierge_ask asks the concierge. ` +
        `The server card at ${base}/.well-known/mcp/server-card lists every tool before you connect.`,
    ),
    doc(
      'MCP credentials',
      mcp,
      'mcp credentials',
      'mcp bearer',
      'Over MCP your key travels as the Authorization: Bearer header of each POST to /mcp, the way MCP clients configure headers, never as a tool argument. ' +
        'Reads need no key; a write lacking it is a tool error naming the missing key (missing_api_key), and a gated read below its tier is tier_required.',
    ),
    doc(
      'MCP errors',
      mcp,
      'mcp tool errors ; tool error',
      'mcp iserror refused refuses unknown batch batches',
      `A refused tool call (duplicate_action, daily_cap_reached, tier_required, missing_api_key, rate_limited, a bad argument...) is a tool result with isError: true whose text starts with the problem code, and whose _meta.problem is the problem+json body. ` +
        'An unknown tool is JSON-RPC error -32602, an unknown resource -32002; a batch is refused with 400 and -32600: send one JSON-RPC message per POST.',
    ),
    doc(
      'MCP rate limits',
      mcp,
      'mcp calls',
      'mcp count counted counts',
      'Each POST to /mcp counts against the rate limits of the identity its Authorization header names, together with its HTTP API calls: a tools/call by its operation (a write tool such as earn as a write, a read tool as a read), every other MCP message as a read. ' +
        'A tools/call past a limit is a tool error, rate_limited (429): ... Retry after N s., with the Retry-After and rate-limit headers on the HTTP answer.',
    ),
    doc(
      'MCP resources',
      mcp,
      'mcp resources ; mcp resource',
      'mcp resource resources uri uris',
      'The MCP resources are the citable entries and their topics, the OpenAPI document and llms.txt, addressed by their URLs (the permalinks; resource templates give an entry by topic and id, and a topic).',
    ),
    doc(
      'MCP clients',
      mcp,
      'mcp client ; mcp clients ; mcp inspector',
      'mcp client clients claude desktop cursor inspector sdk npm typescript curl accept command transport',
      `${mcp} speaks Streamable HTTP, stateless with plain JSON answers: POST one JSON-RPC message with Content-Type: application/json and Accept: application/json, text/event-stream; GET and DELETE answer 405 with Allow: POST. ` +
        `Clients such as Claude Desktop and Cursor read { "mcpServers": { "canopy-cove": { "type": "http", "url": "${mcp}", "headers": { "Authorization": "Bearer <key>" } } } }. ` +
        `In TypeScript, the official SDK (npm install @modelcontextprotocol/sdk) with its StreamableHTTPClientTransport; from the command line, curl or the MCP Inspector: npx @modelcontextprotocol/inspector --cli ${mcp} --transport http --method tools/call.`,
    ),
    doc(
      'A2A agent',
      card,
      'a2a agent ; a2a message ; a2a messages',
      'a2a poll stream streaming sdk node skill skills',
      `The concierge as an A2A agent: POST ${base}/a2a with JSON-RPC message/send (A2A 0.3) or SendMessage (A2A 1.0). The answer is one agent message, no tasks and no streaming (message/stream is error -32004), whose text ends with its sources, also in metadata.sources. ` +
        `Its card (${card}) lists one skill, Ask the concierge, with example questions. Send your key as the Authorization: Bearer (or X-API-Key) header of the POST to /a2a to be answered about your own agent. From Node: the official SDK, npm install @a2a-js/sdk.`,
    ),
  ];
}

/**
 * What the service keeps about an agent and what it logs, as docs/api.md, docs/agents.md and docs/operators.md publish it
 * (the key's digest, the request log's fields and redaction, the concierge's lack of state, the message channel's storing).
 * No one document said it together ("are api keys written to your logs", "does the chat remember me" were judged unknown).
 */
function privacyDoc(base: string): Doc {
  return {
    kind: 'reference',
    ref: 'privacy',
    title: 'What is stored and logged',
    url: `${base}/api/public`,
    names: 'privacy',
    keywords: 'privacy private logged logs logging plaintext digest hash tracking',
    text:
      "Of an agent's key only a SHA-256 digest is kept: the key is never logged and never shown again. " +
      "The server log records each call's id, method, path, status, duration, size and client address; keys are never logged: a secret query value is [redacted], and so are credential headers and body keys. " +
      'The concierge keeps no state, and without a key its answer has no personal data.',
  };
}

/**
 * The words of changing content, as an editor asks it ("how do i add a product", "can i commit its yaml", "where do i put the
 * mp4", "where is the version kept"): without one, a question is a reader's ("which specials are coming up", "kb version
 * number?") and the editors' documents, which share its subjects, do not answer it.
 */
const EDITING_WORDS =
  / (i schedule|add|adding|create|creating|edit|editing|fix|fixing|change|changes|changed|changing|commit|commits|committing|committed|publish|unpublish|put|take|write|writing|make|yaml|file|files|repo|repository|npm|build|install|installed|generate|schema|schemas|mp4|mp3|preview|typo|mistake|mistakes|valid|demo|kept|values) /;

/** Whether a question (its normalised text) asks how to change content, so that the editors' documents may answer it. */
export function asksEditing(text: string): boolean {
  return EDITING_WORDS.test(text);
}

/**
 * How the brand's editors change what is published, as content/README.md and docs/editors.md publish it: a video's file,
 * status and category, the media files, dates and lengths, a knowledge entry's file and its references, an episode's,
 * a product's, the schedule's and a clip's files, checking and previewing content, the schemas an IDE reads, what a
 * commit does on the site, and that the brand is fictional. No document said any of it ("how do i check my changes are
 * valid before i commit", "how do i add a new product to the shop" were judged unknown or drew registering). They are an
 * index of their own (compose-answer.ts), asked only by a question about changing content (`asksEditing`): in the catalog's
 * index their words would make a reader's question theirs ("which specials are coming up", "kb version number?").
 */
export function editorsDocs(catalog: Catalog, base: string): Doc[] {
  const doc = (title: string, names: string, keywords: string, text: string): Doc => ({ kind: 'reference', ref: title, title, url: `${base}/`, names, keywords, text });
  const categories = catalog.site.categories.map((c) => c.id).join(', ');
  const counts = topics.map((t) => `${t} ${topicCounts[t]}`).join(', ');
  const [draft, , approved] = videoStatus.options;
  return [
    doc(
      'Adding a video',
      'add a video ; new video ; video file',
      'yaml file create add put up',
      `A video is one file, content/videos/<id>.yaml, whose name is its id (content/videos/cc-029.yaml): id, title, description (1-3 sentences), status (only ${approved} is published), category (an id from content/site.yaml), tags, featured, durationSeconds, publishedAt, thumbnail (/media/thumbs/<id>.svg) and playbackUrl (/media/videos/<id>.mp4). ` +
        'Make its media with npm run media -- <id>, check with npm run content, look with npm run preview, then commit with git add content public; the next build publishes it.',
    ),
    doc(
      'Video status',
      'video status ; unpublish a video',
      'status statuses draft pending approved rejected archived unpublish live ready yaml file take off remove hide',
      `A video's status is one of ${videoStatus.options.join(', ')}; only ${approved} videos are published, so a ${draft} can sit in content/ safely, and setting an ${approved} video's status to another (archived) takes it off the site, the API and the feeds on the next build, its file staying in the repository.`,
    ),
    doc(
      'Video categories and tags',
      'video category ; video tags',
      'category categories tags tag gardening site.yaml format',
      `A video's category must be one of the ids in content/site.yaml (${categories}); any other stops npm run content: content/videos/cc-029.yaml: category: "gardening" is not a category in content/site.yaml. Tags are lowercase kebab-case (a-z, 0-9 and -).`,
    ),
    doc(
      'Media files',
      'media files ; npm run media',
      'media mp4 poster posters thumbnail thumbnails svg ffmpeg espeak-ng recording real generated generate demo render installed install laptop tools',
      "npm run media -- <id> makes the demo files from the content (a video at public/media/videos/<id>.mp4, 4 s, 320x180, and its poster at the thumbnail, /media/thumbs/<id>.svg; an episode's spoken MP3 and WebVTT transcript) and writes the files' real lengths back into the content file. " +
        "You need Node.js 20 or newer, ffmpeg for videos and clips, and espeak-ng and ffmpeg for episodes (apt-get install -y ffmpeg espeak-ng). For a real recording, put the file at public/media/videos/<id>.mp4 and its poster at the thumbnail's path, and write durationSeconds yourself: npm run content checks it against the file.",
    ),
    doc(
      'Dates and lengths in content',
      'dates ; durationSeconds',
      'date dates quote quotes quoted publish publishedAt iso length duration seconds minutes',
      'Dates are ISO 8601 in double quotes: "2026-10-01" for a day, "2026-10-01T18:00:00Z" for an instant; the build stops on an unquoted date, which YAML 1.1 tools read as a date, not text. A length is durationSeconds, in whole seconds: the file\'s length, which npm run media writes and the build checks.',
    ),
    doc(
      'Editing a knowledge entry',
      'knowledge entry file ; knowledge base version',
      'edit fix typo mistake file markdown front matter version dataset dataset.yaml citeAs cite updated allowed',
      `A knowledge entry is content/knowledge/<topic>/<id>.md (linalool is content/knowledge/terpenes/linalool.md): front matter (id, name, summary, aliases, updated, facts, references, related) and a Markdown body, educational and conservative, with no dosing advice. ` +
        `Fix it there and change its updated date; the whole knowledge base's version, licence (CC-BY-4.0) and updated date are in content/knowledge/dataset.yaml. An entry's permalink and citeAs line are derived at build time from its id, topic, name and updated date and the dataset's metadata. Each topic has exactly its number of entries: ${counts}.`,
    ),
    doc(
      'References and citations',
      'adding a reference ; citations',
      'add new reference references citation citations cite cited source sources paper study fields invent made plausible mentions matching',
      'Each knowledge entry lists at least one reference (authors, title, publisher or journal, year, and a url or a doi): real, published sources only, checked against the publication; never invent a citation. ' +
        'Every source named in the summary, the facts or the body must be in references, and every reference must be cited somewhere: the build checks both ways, e.g. citation "Smith et al. 2022" has no matching entry in references (same first author and year). ' +
        'Cite as (Huestis 2007), (Smith et al. 2022), two authors as (Booth & Bohlmann 2019), several as (Russo 2011; Walsh et al. 2021), or in a sentence as Russo (2011).',
    ),
    doc(
      'Publishing a podcast episode',
      'new episode ; episode file',
      'publish new episode episodes file audio mp3 lengthBytes transcript transcripts vtt webvtt format episodeType types trailer bonus full cover art image size',
      "An episode is content/podcast/episodes/<id>.yaml: id, title, description, season, episode, episodeType (full, trailer or bonus), publishedAt, durationSeconds, audio (url, type and lengthBytes, the file's exact size) and an optional transcriptUrl (a WebVTT .vtt file under public/). " +
        "npm run media -- <id> makes its MP3 and transcript (espeak-ng and ffmpeg) and writes lengthBytes; for a real file, set it to stat -c %s file. The show's cover (content/podcast/show.yaml) is a square JPEG or PNG, 1400-3000 px.",
    ),
    doc(
      'Adding a shop product',
      'new product ; product file',
      'add new product products file price write amount availability values in_stock preorder sold_out sold bundle bundles contain item items',
      'A product is content/shop/<id>.yaml: id, type (item or bundle), name, description, price { amount: "14.00", currency: USD } (the amount a decimal string with two places), availability (in_stock, preorder or sold_out: set sold_out when it sells out), image and tags; a bundle\'s items are the ids of at least 2 existing items, not bundles.',
    ),
    doc(
      'Editing the schedule',
      'schedule file ; adding a special',
      'schedule.yaml one-off special specials add visible announceAt grid slot slots midnight split late time zone',
      'The schedule is content/schedule.yaml: its timeZone (an IANA name, America/Los_Angeles), the weekly grid of slots (every minute of Monday 00:00 to Sunday 24:00 exactly once; a slot may not cross midnight, so split it, and end: "24:00" closes a day) and the specials, dated one-off programmes with id, title, description, startsAt, endsAt and announceAt: a special is public from that instant, and Silver+ agents see it earlier in the AI feed.',
    ),
    doc(
      'Adding a clip',
      'clip file',
      'clip clips vertical short picture size width height',
      "A clip is content/clips/<id>.yaml: videoId (an existing video), title, durationSeconds (1-180), width and height (its file's picture, 9:16 only: 180x320 for the demo clips, 1080x1920 for a full-HD clip), publishedAt, thumbnail and playbackUrl.",
    ),
    doc(
      'Checking content',
      'npm run content ; checking content',
      'check checking valid validate validation before commit commits changes error errors build message',
      "npm run content validates every file in content/ (its schema), the references between files and the media files they name, and prints content ok with the counts or one line per problem naming the file, the field and what is wrong; a mistake also stops the preview's rebuild and npm run build.",
    ),
    doc(
      'Previewing content',
      'npm run preview ; preview',
      'preview see look before committing save saves saved rebuild rebuilds long take',
      "npm run preview builds and serves the whole site, pages and API, at http://localhost:4321 and rebuilds it on every save: a change shows after about 50 seconds (45-52 s on a 2-core machine), and open pages reload by themselves. An invalid change prints the build's message and keeps serving the last good build.",
    ),
    doc(
      'After a content commit',
      'content commit',
      'commit committed git happens once after site caches cache deploy show live',
      'A commit that changes content/ changes the API, the feeds, llms.txt and the web pages on the next build, everywhere at once: dataFreshness.contentVersion changes in every JSON body, and caches pick the change up within five minutes. Commit the content, its media and the schemas together (git add content public).',
    ),
    doc(
      'Content schemas and your IDE',
      'content schemas ; yaml extension',
      'vs code vscode ide underline underlining underlined yaml extension json schema schemas hand commit changed',
      'npm run content writes a JSON Schema for every kind of file to content/schemas/: they are generated, never edit them by hand, but commit them with the content (git add content does); the test suite fails when the committed ones are not the ones the content gives. ' +
        'In VS Code install the YAML extension (redhat.vscode-yaml): the committed .vscode/settings.json maps the schemas onto the files, so a wrong field or category is underlined as you type.',
    ),
    doc(
      'The brand is fictional',
      'fictional',
      'real fictional people products brand made catalog',
      `The brand, ${catalog.site.name}, and every video, episode, product and person in the catalog are fictional, and domains use the reserved .example top-level domain.`,
    ),
  ];
}

export function buildCorpus(catalog: Catalog, base: string, endpoints: readonly EndpointDoc[], limits: IndexLimits = INDEX_LIMITS): Doc[] {
  const docs = [...catalogDocs(catalog, base, limits), ...knowledgeDocs(catalog, base, limits), ...programDocs(catalog, base, endpoints)];
  const index = discoveryIndex(catalog, [...endpoints]);
  docs.push(
    ...discoveryDocs(index, base),
    freshnessDoc(base),
    privacyDoc(base),
    corsDoc(base),
    suspensionDoc(base),
    bodiesDoc(base),
    ...webhookDocs(base),
    ...websiteDocs(catalog, base),
    ...requestDocs(index, base),
  );
  const known = new Set([...docs.flatMap((d) => [d.url, d.title]), ...endpoints.map((e) => `${base}${e.path}`)]);
  docs.push(...llmsDocs(buildLlmsTxt(catalog, [...endpoints]), index.baseUrl, base, known), ...agentProtocolDocs(base, endpoints));
  return docs;
}
