/**
 * Turns a question into a grounded answer. Retrieval does the understanding: the question is read
 * (question.ts), everything the service publishes is searched (search-index.ts over corpus.ts),
 * and the best document answers, in its own words and with its own sources. Hand-written code
 * comes first only for what retrieval cannot do: small talk, refusing medical and dosing advice
 * (safety.ts), naming a topic's members, arithmetic and comparisons over the tier ladder
 * (tier-answers.ts) and what an action earns, the live program (live-answers.ts) and the
 * schedule's clock (schedule-answers.ts). When nothing published accounts for enough of the
 * question, the answer says "I don't know".
 *
 * The catalog, `now`, the asking agent and the live program come in as arguments: the same
 * question at the same instant with the same program always gets the same answer.
 */
import type { Catalog } from '../catalog/catalog-types.ts';
import type { EndpointDoc } from '../schemas/api/endpoint-doc.ts';
import { problemCodes } from '../schemas/api/problem-codes.ts';
import { accountAction, accountAnswers } from './account-answers.ts';
import { namingItems } from './item-ids.ts';
import type { Answer, AnswerContext, AnswerInput, ConciergeIndex, Doc, Hit, ProgramSnapshot, Source } from './answer-types.ts';
import { capitalise, makeAnswer } from './answer-format.ts';
import { ASKS_TOTAL, asksOldest, MONTHS, monthOfQuestion, NEWEST, upcomingAnswer, OLDEST_TERMS, podcastAnswer, shopAnswer, videosAnswer } from './catalog-answers.ts';
import { asksEditing, asksShape, buildCorpus, editorsDocs, isEndpoint, responseDocs } from './corpus.ts';
import { asksMembers, dosingAnswer, entriesMentioning, entryAnswer, healthAnswer, topicAnswer } from './knowledge-answers.ts';
import { ASKS_WHO, liveAnswer, placeWithPoints } from './live-answers.ts';
import { programFacts, reputationScore } from './program-answers.ts';
import { buildVocabulary, correctWord, EXCLUDING_WORDS, kindOfWord, readQuestion, synonymsOf, type AskedKind, type Question, type Vocabulary } from './question.ts';
import { indexTerm, normalise, ORDINAL, tokens, words, wordsBeyond, wordsWritten } from './text.ts';
import { asksDosing, asksHealth } from './safety.ts';
import { askerZone, categoryDays, DATE_WORDS, dateOfQuestion, scheduleAnswer, scheduleExtremes } from './schedule-answers.ts';
import { buildIndex } from './search-index.ts';
import { errorCodeAnswer, referenceAnswer, smallTalk, unknownAnswer } from './service-answers.ts';
import { byTheAsk, storyAndAsk } from './situation.ts';
import { asksPoints, countsActions, tierArithmetic, tierDocAnswer, unknownTierAnswer } from './tier-answers.ts';
import type { Topic } from '../schemas/content.ts';
import { publicOrigin } from '../public-origin.ts';

/** Everything built once per catalog: the index over what it publishes and the words it knows. */
export interface ConciergeModel {
  catalog: Catalog;
  /** The public origin every URL of an answer starts with. */
  base: string;
  index: ConciergeIndex;
  /** The editors' documents (how content is changed by a commit), asked only by a question about changing content. */
  editing: ConciergeIndex;
  /** What each JSON read answers (its fields, types and formats), asked only by a question about a response's shape. */
  shapes: ConciergeIndex;
  vocabulary: Vocabulary;
}

/** The least share of a question a document must account for to answer it. */
const CONFIDENT = 0.5;
/** The least share a best document must account for to answer when none is confident. */
const FALLBACK = 0.35;
/** A question's words no document uses that are short enough to be shorthand or part of an idiom ("rn", "kick"). */
const SHORT_WORD = 4;
/** What a viewer does with a show that the schedule answers: watching it, finding when it is on, or asking about it. */
const VIEWING_VERBS = new Set([
  'watch',
  'see',
  'catch',
  'view',
  'stream',
  'tune',
  'find',
  'get',
  'know',
  'tell',
  'ask',
  'check',
  'still',
  'also',
  'just',
  'only',
  'start',
  'expect',
  'listen',
  'hear',
  'look',
  'join',
  'be',
  'go',
]);
/** Words before a noun: what follows one is a subject of the question, whatever its length. */
const DETERMINER = /^(the|a|an|my|your|this|that|their|our)$/;
/** A word at least this long is more likely a subject than a frame of the question. */
const LONG_WORD = 8;
/** A term in at most this many documents is specific to the one that has it (an entry and one passage of it, a product and the bundle that holds it). */
const RARE = 2;
/** What the question's known words alone must account for when its strangers are left out. */
const KNOWN_ONLY = 0.75;
/** How a clause that asks a question of its own begins. */
const QUESTION_START = /^(what|how|who|which|when|where|why|is|are|do|does|can|could|will)\b/;
/** What a program fact or endpoint must account for to make a question's clock words the asker's story rather than the air's. */
const PROGRAM_OVER_CLOCK = 0.2;
/** Words about the schedule's time: what is on now, next, tonight, on a day, at a time. A lineup of the shop's or the catalog's ("the whole merch lineup") is a list of its items. */
const ON_AIR =
  / (now|next|on next|comes on|after this|shows? on|airs?|tonight|today|tomorrow|yesterday|last night|this (morning|afternoon|evening|weekend)|later|on air|airing|on tv|playing|(?<!(?:merch|merchandise|shop|store|product|products|video|videos|clip|clips|podcast|episode|episodes) )lineup|\d{1,2} ?(am|pm)|noon|midnight|local time|on (a|the) (weekday|weekend)s?|on weekdays|on weekends|at the weekend) /;
/** The days of the week together ("on a weekday"), which no document names: a time on air, no subject nothing publishes. */
const WEEK_PARTS = new Set(['weekday', 'weekdai', 'weekend']);

/** Words of the schedule's clock, as the index spells them, that no document may have: they are read by the rules, not strangers. */
const CLOCK_WORDS = ['midnight', 'noon', 'midday', 'yesterday', 'tonight', 'tomorrow'];
const CLOCK_TERMS = new Set(CLOCK_WORDS.map((w) => indexTerm(w)));
const DATE_TERMS = new Set(DATE_WORDS.map((w) => indexTerm(w)));

/** "Now" right after a subject and before a verb: a change the asker tells ("it now shows", "we now get"), no time on air. */
const NOW_CHANGED = / (it|i|we|they|he|she|you|that|this) now (?=\w+s? )/g;

export function buildModel(catalog: Catalog, endpoints: readonly EndpointDoc[]): ConciergeModel {
  const base = publicOrigin();
  const docs = buildCorpus(catalog, base, endpoints);
  return {
    catalog,
    base,
    index: buildIndex(docs),
    editing: buildIndex(editorsDocs(catalog, base)),
    shapes: buildIndex(responseDocs(base, endpoints)),
    vocabulary: buildVocabulary(docs.flatMap((d) => [d.names, d.keywords, d.text])),
  };
}

/** A special is public from its announcement until it ends; everything else in the index always is. */
function isPublic(catalog: Catalog, doc: Doc, now: Date): boolean {
  if (doc.kind !== 'special') return true;
  const s = catalog.schedule.specials.find((x) => x.id === doc.ref);
  return !!s && Date.parse(s.announceAt) <= now.getTime() && Date.parse(s.endsAt) > now.getTime();
}

const KIND_FAMILY: Record<AskedKind, Array<Doc['kind']>> = { video: ['video', 'clip', 'category'], clip: ['clip', 'video'], episode: ['episode'], product: ['product'] };
/** The program documents that give an overview of a kind of item, each with its kind. */
const OVERVIEW_KIND: Record<string, AskedKind> = { videos: 'video', podcast: 'episode', shop: 'product' };
const OVERVIEWS = new Set(Object.keys(OVERVIEW_KIND));
const KIND_ANSWER: Record<AskedKind, (ctx: AnswerContext) => Answer> = { video: videosAnswer, clip: videosAnswer, episode: podcastAnswer, product: shopAnswer };

/** How many items of a kind have come out: "how many videos has the channel published", "how many episodes are there so far". */
const COUNT_OF_KIND = / how many (?:\w+ ){0,2}(?:videos|episodes|clips|shorts|products|items) (?:\w+ ){0,6}?(?:published|released|posted|uploaded|listed|are there|exist|so far|to date|in total) /;

/** The best document's answer, in its own domain's words. */
function documentAnswer(ctx: AnswerContext, hit: Hit): Answer {
  const { doc } = hit;
  switch (doc.kind) {
    case 'video':
    case 'clip':
    case 'category':
      return videosAnswer(ctx);
    case 'episode':
      return podcastAnswer(ctx);
    case 'product':
      return shopAnswer(ctx);
    case 'slot':
    case 'special':
      return scheduleAnswer(ctx, hit);
    case 'knowledge':
    case 'passage':
      return doc.ref.startsWith('medical/') ? healthAnswer(ctx) : entryAnswer(ctx, hit);
    case 'topic':
      return topicAnswer(ctx, doc.ref as Topic);
    case 'tier':
      return tierDocAnswer(ctx, hit);
    case 'program':
      return programFacts.find((f) => f.intent === doc.ref)!.answer(ctx);
    case 'reference':
      return referenceAnswer(ctx, hit);
  }
}

/** The last literal segment of an endpoint's path, as a term of the index: "/api/public/videos/{id}" is "video". */
const lastSegment = (path: string) => {
  const segment =
    path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .at(-1) ?? '';
  return indexTerm(segment) ?? segment;
};

/**
 * A question that quotes an endpoint's path ("POST /api/public/ai/share body fields", "what does GET /api/public/stats return"), or
 * names an endpoint by its path's last word ("the register endpoint", "can the clips endpoint be filtered"), is about that
 * endpoint: of the documents filed under its path (its own, its parameters', a program fact it serves), and under its method
 * when the question gives one, the one that accounts for most of the rest of the question answers. The words every path shares
 * ("api", "public") otherwise draw whichever endpoint is shortest, and "endpoint" the webhooks ("Register a webhook endpoint").
 */
function quotedEndpoint(ctx: AnswerContext): Answer | undefined {
  const quoted = /(?:\b(get|post|put|patch|delete)\s+)?(\/api\/[\w/{}.-]*\w)/i.exec(ctx.input.message);
  const named = quoted ? undefined : /\bthe ([a-z]+) (?:endpoint|route)s?\b/i.exec(ctx.input.message);
  if (!quoted && !named) return undefined;
  const method = quoted?.[1]?.toUpperCase();
  const word = named && (indexTerm(named[1]) ?? named[1].toLowerCase());
  const isIt = (path: string) => (quoted ? path === quoted[2] : lastSegment(path) === word);
  const ofPath = (d: Doc) => {
    const ref = /^([A-Z]+) (\S+)/.exec(d.ref);
    if (d.kind === 'reference' && ref) return isIt(ref[2]) && (!method || ref[1] === method);
    // A program fact is filed under the endpoints that serve it ("GET /api/public/ai/feed" serves the feeds).
    const served = d.kind === 'program' ? (programFacts.find((f) => f.intent === d.ref)?.endpoints ?? []) : [];
    return served.some((key) => isIt(key.split(' ')[1]) && (!method || key.startsWith(`${method} `)));
  };
  // Which of them is asked about is in the question's other words: "default page size" is the parameters'.
  const quotedWords = new Set(words((quoted ?? named)?.[0] ?? ''));
  const rest = ctx.question.query
    .split(' ')
    .filter((w) => w && !quotedWords.has(w))
    .join(' ');
  const best = closest(rest ? ctx.index.search(rest).filter((h) => ofPath(h.doc)) : []) ?? closest([...ctx.hits, ...(word ? ctx.index.search(word) : [])].filter((h) => ofPath(h.doc)));
  return best ? documentAnswer({ ...ctx, hits: [best, ...ctx.hits.filter((h) => h !== best)] }, best) : undefined;
}

/** Words that ask what a request carries: its fields, body or parameters ("which fields do i need", "what do i put in the body"). */
const ASKS_FIELDS = /\b(fields?|body|payload|param(eter)?s|arguments|what (do|should|must) i (put|send|include|pass)|what goes in)\b/;

/**
 * A question for what a request carries, about the endpoint the best document is (or a program fact documents, its first write
 * first), is answered by what that endpoint takes, as the discovery index publishes it: "how do i send my first earn request, which
 * fields do i need" is earn's body (actionType, url, description), "what do i put in the body when i create a task" the task's
 * (title, description). So is a question that names a field of a body whose endpoint's path does not have that word: "how do i
 * register a webhook endpoint and which events can i subscribe to" is told the events one may subscribe to.
 */
function endpointFields(ctx: AnswerContext): Answer | undefined {
  const top = ctx.hits[0];
  if (!top || !ofProgram(top) || top.doc.ref.endsWith(' parameters')) return undefined;
  const keys =
    top.doc.kind === 'reference' && isEndpoint(top.doc.ref)
      ? [top.doc.ref]
      : top.doc.kind === 'program'
        ? [...(programFacts.find((f) => f.intent === top.doc.ref)?.endpoints ?? [])].sort((a, b) => Number(a.startsWith('GET ')) - Number(b.startsWith('GET ')))
        : [];
  const params = keys.map((k) => ctx.index.docs.find((d) => d.kind === 'reference' && d.ref === `${k} parameters`)).find((d) => d !== undefined);
  if (!params) return undefined;
  const text = ` ${ctx.question.text} `;
  const path = params.ref.split(' ')[1];
  const fields = [...params.text.matchAll(/(\w+) \((?:required|optional)/g)].map((m) => m[1].toLowerCase()).filter((f) => f.length >= 4 && !path.toLowerCase().includes(f));
  const namesField = top.doc.kind === 'reference' && fields.some((f) => text.includes(` ${f} `)) && /\b(which|what)\b/.test(text);
  if (!ASKS_FIELDS.test(text) && !namesField) return undefined;
  const hit = ctx.index.search(`${params.keywords} ${params.title}`).find((h) => h.doc === params);
  return hit ? documentAnswer({ ...ctx, hits: [hit, ...ctx.hits] }, hit) : undefined;
}

/** The program's own facts: its tiers, rules and endpoints, not the catalog or the knowledge base. */
const ofProgram = (h: Hit) => ['tier', 'program', 'reference'].includes(h.doc.kind);

/** The hit that accounts for most of the question (the first of equals). */
function closest(hits: Hit[]): Hit | undefined {
  return hits.reduce<Hit | undefined>((b, h) => (!b || h.confidence > b.confidence ? h : b), undefined);
}

/**
 * An entry about the rest of a question that names another entry whole: the named one is what the question is about only in
 * part, and the two together account for it ("do cbd lotions get you high" is about topicals, whose lotions and creams may hold
 * CBD). The other has none of the named one's words and accounts for more of the question.
 */
function aboutTheRest(top: Hit[], lone: Hit): Hit | undefined {
  const entry = (h: Hit) => h.doc.kind === 'knowledge' || h.doc.kind === 'passage';
  if (!entry(lone)) return undefined;
  return closest(
    top.filter((h) => entry(h) && h.doc.ref !== lone.doc.ref && h.confidence > lone.confidence && h.confidence + lone.confidence >= CONFIDENT && !h.matched.some((t) => lone.matched.includes(t))),
  );
}

/**
 * Several documents the question names whole, none accounting for half of it, and another that has every word each of them
 * matched and accounts for more of the question than they do together: the question is about what joins them ("what percent
 * of smoked cbd reaches your blood" names CBD and smoking, and is about bioavailability, which has both).
 */
function covering(top: Hit[], named: Hit[]): Hit | undefined {
  const sum = named.reduce((n, h) => n + h.confidence, 0);
  return top.find((h) => !named.includes(h) && h.confidence >= sum && named.every((n) => n.matched.every((t) => h.matched.includes(t))));
}

/**
 * A document of the program the question names whole (a tier, a program fact), and another of the program that has in its
 * names or keywords a word of the question rarer than any the named one has there: the question's most specific word is
 * not the named one's, so both answer, the other first. When the named one accounts for less than half of the question
 * the other must account for more ("can a gold agent read the exclusive stuff" is Gold and the exclusive content; "do i
 * earn points for messaging the team" is the message channel), otherwise about as much, within 0.1 ("how many agents can
 * be registered from one address in a day" is registering and the rule on addresses; "how many points do i need for gold"
 * is Gold alone, "point" being commoner than "gold").
 */
function alongside(index: ConciergeIndex, top: Hit[], named: Hit): Hit | undefined {
  if (!ofProgram(named) || !named.fullyNamed) return undefined;
  const rarest = Math.min(...named.keyed.map((t) => index.documents(t)));
  const specific = (h: Hit) => h.keyed.some((t) => !named.keyed.includes(t) && index.documents(t) < rarest);
  const others = top.filter((h) => h !== named && ofProgram(h));
  if (named.confidence >= CONFIDENT) return closest(others.filter((h) => h.confidence >= named.confidence - 0.1 && specific(h)));
  const more = others.filter((h) => h.named && h.confidence > named.confidence && h.confidence + named.confidence >= CONFIDENT && h.matched.some((t) => !named.matched.includes(t)));
  return closest(more.filter(specific)) ?? closest(more);
}

/** Two answers as one: the first's intent and suggestions, both replies and both sources. */
function joined(first: Answer, second: Answer): Answer {
  return makeAnswer(first.intent, `${first.reply} ${second.reply}`, [...first.sources, ...second.sources], first.suggestions);
}

/** A question that asks how long something takes, and a length of time in a document's text. */
const ASKS_DURATION = / how (long|soon|quickly|fast) /;
const DURATION = /\b\d+(?:[.,]\d+)? ?(?:h|hours?|days?|minutes?|min|seconds?|weeks?)\b/;

/**
 * A question that asks how long something takes is answered by a length of time: when the best document states none and a
 * document about as close to the question does ("how long do you take to verify a claimed url" is the rule that says 72 h,
 * not the one about which urls may be claimed), that one answers.
 */
function withDuration(ctx: AnswerContext, best: Hit): Hit {
  if (!ASKS_DURATION.test(ctx.question.text) || DURATION.test(best.doc.text)) return best;
  return ctx.hits.slice(0, 5).find((h) => h !== best && h.confidence >= Math.max(FALLBACK, best.confidence - 0.1) && DURATION.test(h.doc.text)) ?? best;
}

/** The least share of a question asking how long that a fact of the program stating a length of time must account for. */
const TIMED = 0.2;

/**
 * A question that asks how long something takes, which no document accounts for half of (the asker's story has words of
 * its own: "how long do i have to wait before my promote is either verified or taken back"): the first document found
 * answers when it is a fact of the program named by a word of the question and states a length of time (the claim check's 72 h).
 */
function lengthOfTime(ctx: AnswerContext): Hit | undefined {
  const top = ctx.hits[0];
  if (!top || !ASKS_DURATION.test(ctx.question.text) || ctx.index.strangers(ctx.question.query).length) return undefined;
  return ofProgram(top) && top.named && top.confidence >= TIMED && DURATION.test(top.doc.text) ? top : undefined;
}

/**
 * Whether a document's names hold a word that a word of the question only starts with, the question not using that name
 * itself: "is thca intoxicating" names THCA, the acid, not THC (the entry named "THC"); "thcv" is not THC either.
 */
function nearNamed(ctx: AnswerContext, hit: Hit): boolean {
  const asked = ctx.index.terms(ctx.question.query);
  const near = (name: string | null) => !!name && !asked.includes(name) && asked.some((t) => t.startsWith(name));
  return !hit.fullyNamed && words(hit.doc.names).some((w) => near(indexTerm(w)));
}

/** A document named by a near-name of the question's word gives way to one of the top five that is not and has every word of the question it has. */
function unlessNearNamed(ctx: AnswerContext, best: Hit): Hit {
  if (!nearNamed(ctx, best)) return best;
  const covers = (h: Hit) => h !== best && h.confidence >= FALLBACK && best.matched.every((t) => h.matched.includes(t)) && !nearNamed(ctx, h);
  return closest(ctx.hits.slice(0, 5).filter(covers)) ?? best;
}

/**
 * Whether the word at `i` follows an article or a possessive: a noun the question asks about. "That" after a word that is no
 * stop word relates a clause to it, and is no article: "does old weed that sat around turn into cbn".
 */
const afterDeterminer = (words: string[], i: number) => DETERMINER.test(words[i - 1] ?? '') && !(words[i - 1] === 'that' && indexTerm(words[i - 2] ?? '') !== null);

/**
 * The question asks about a thing no document knows: a word no document uses after an article or a possessive ("who is the
 * ceo of canopy cove"), or one of letters and digits, a name of its own ("what is delta-8 thc"), that is no ordinal ("the 2nd time").
 */
function namesStranger(ws: string[], strangers: Set<string>, ownToo = false, hits: readonly Hit[] = []): boolean {
  // The asker's own thing ("my newsletter", "my assistant") is where an answer is used, not what it is about: unless `ownToo`
  // (a question with a word corrected into another: "how do i cancel my netflix" is not about cancer).
  // So is what it is for ("for an apa reference", "for a school project"), or what the asker means to do with it ("i want to do an
  // anniversary repost", "we are planning to write a newsletter").
  const purpose = (i: number) => ws[i - 2] === 'for' || (ws[i - 3] === 'to' && /^(want|like|going|planning|plan|trying|need|hoping)$/.test(ws[i - 4] ?? ''));
  const owned = (i: number) => !ownToo && (/^(my|our)$/.test(ws[i - 1] ?? '') || (/^(a|an)$/.test(ws[i - 1] ?? '') && purpose(i)));
  // A word that says what the name after it is ("the phrase entourage effect", "the term chemovar") labels a document the question names whole.
  let nameWords: Set<string | null> | undefined;
  const labels = (i: number) => {
    nameWords ??= new Set(hits.filter((h) => h.fullyNamed).flatMap((h) => h.doc.names.split(' ; ').flatMap((n) => words(n).map(indexTerm))));
    return nameWords.has(indexTerm(ws[i + 1] ?? ''));
  };
  // A word that says what kind of the noun after it the question means ("the christmas cookie baking one") is no noun itself,
  // when that noun is in the name of one of the closest documents.
  let closeNames: Set<string | null> | undefined;
  const modifies = (i: number) => {
    const next = indexTerm(ws[i + 1] ?? '');
    if (next === null || strangers.has(next)) return false;
    closeNames ??= new Set(hits.slice(0, 5).flatMap((h) => h.doc.names.split(' ; ').flatMap((n) => words(n).map(indexTerm))));
    return closeNames.has(next);
  };
  const named = (w: string, i: number) => !ORDINAL.test(w) && ((afterDeterminer(ws, i) && !owned(i) && !labels(i) && !modifies(i)) || (/\p{L}/u.test(w) && /\d/.test(w)));
  return ws.some((w, i) => strangers.has(indexTerm(w) ?? '') && named(w, i));
}

/**
 * What retrieval answers: the kind of item the question asks for when one matches (or when nothing
 * else is named as well: "any videos about quilting?" is answered by the videos, that none is),
 * else the best of the top documents that accounts for the question.
 */
function retrieved(ctx: AnswerContext): Answer | undefined {
  const { question, hits } = ctx;
  const entry = hits[0] && entryOfTheRest(ctx, hits[0]);
  if (entry) return documentAnswer({ ...ctx, hits: [entry, ...hits.filter((h) => h !== entry)] }, entry);
  // The documents the question is about: each accounts for enough of it (unless it asks about a thing no document
  // knows), or the question names it whole and has no word the corpus lacks.
  const strangers = new Set(ctx.index.strangers(question.query));
  const asksStranger = namesStranger(question.words, strangers, false, hits);
  const answers = (h: Hit) => (h.confidence >= CONFIDENT && !asksStranger) || (h.fullyNamed && !strangers.size);
  // Of the top five by score, one the question names whole, else the one that accounts for clearly more of it.
  const top5 = hits.slice(0, 5).filter(answers);
  const named = top5.filter((h) => h.fullyNamed);
  // A lone named document that accounts for less than half the question gives way to one about the rest of it:
  // "does cbd cream get into your bloodstream" is about topicals (cream, bloodstream), not about CBD. That one may account for less than
  // half too, when it accounts for clearly more (0.3 more, or 2.5 times as much) and the question has no word the corpus lacks: "which
  // json-rpc method asks the concierge over a2a" is about the A2A agent card, not the consumption methods "method" names whole.
  // So does a fact of the program that has every word a named one of the program matched and accounts for at least twice as much of the
  // question: "how many reads per hour does a bronze agent get" is about the rate limits, which name Bronze too.
  // Not when a passage of its own accounts for more of the question: the entry answers with it ("which papers does the linalool entry cite").
  const ownPassage = (n: Hit) => hits.slice(0, 5).some((h) => h.doc.kind === 'passage' && h.doc.ref === n.doc.ref && h.confidence > n.confidence);
  const lone = named.length === 1 && named[0].confidence < CONFIDENT && !ownPassage(named[0]) ? named[0] : undefined;
  const rest = lone
    ? (hits
        .slice(0, 5)
        .find(
          (h) =>
            (answers(h) || (h.confidence >= FALLBACK && !strangers.size)) && h.confidence >= Math.min(lone.confidence + 0.3, 2.5 * lone.confidence) && !h.matched.some((t) => lone.matched.includes(t)),
        ) ??
      aboutTheRest(hits.slice(0, 5), lone) ??
      top5.find((h) => h !== lone && [h, lone].every(ofProgram) && h.confidence >= 2 * lone.confidence && lone.matched.every((t) => h.matched.includes(t))))
    : named.length >= 2 && named.every((h) => h.confidence < CONFIDENT)
      ? covering(hits.slice(0, 5), named)
      : undefined;
  // An entry (its summary and facts, what it is about) comes before a passage of another's body that accounts for no more of the question.
  // Of two passages as close, the one of an entry the question names by a word of its names or keywords ("cbga" is CBG's).
  const ofNamed = (h: Hit) => h.doc.kind === 'passage' && hits.some((x) => x.doc.kind === 'knowledge' && x.doc.ref === h.doc.ref && x.named);
  const clearer = (h: Hit, b: Hit) =>
    h.confidence > b.confidence + 0.1 ||
    (h.doc.kind === 'knowledge' && b.doc.kind === 'passage' && h.confidence >= b.confidence) ||
    (ofNamed(h) && b.doc.kind === 'passage' && !ofNamed(b) && h.confidence >= b.confidence) ||
    // One that has every word the other matched and one rarer than any of them, accounting for more of the question: "my api key
    // leaked, can i get a new one" is the key's rotation (apikey, new, leaked), not registering (apikey, new).
    (h.confidence > b.confidence &&
      b.matched.every((t) => h.matched.includes(t)) &&
      h.matched.some((t) => !b.matched.includes(t) && ctx.index.documents(t) < Math.min(...b.matched.map((u) => ctx.index.documents(u)))));
  const chosen = rest ?? top5.reduce<Hit | undefined>((b, h) => (!b || (!b.fullyNamed && clearer(h, b)) ? h : b), undefined);
  const best = chosen && withDuration(ctx, unlessNearNamed(ctx, chosen));
  if (best && (countsUnsaid(ctx, best) || namesOtherItem(ctx, best))) return undefined;
  // A question that buys or is sold (the shop, in its everyday words) what an entry of the knowledge base is about asks the shop, which
  // says no product matches: "do you sell cbd oil" is not asking what CBD is.
  if (best && question.stems.has('shop') && (best.doc.kind === 'knowledge' || best.doc.kind === 'passage')) return shopAnswer(ctx);
  const kind = question.kind;
  const relation = best && !kind ? relating(ctx, best) : undefined;
  if (best && relation) return joined(documentAnswer(ctx, relation), documentAnswer(ctx, best));
  const beside = best && !rest && !kind ? alongside(ctx.index, hits.slice(0, 5), best) : undefined;
  if (best && beside) return joined(documentAnswer(ctx, beside), documentAnswer(compared(ctx, best) ?? ctx, best));
  const otherKind = kind && otherOverview(ctx);
  if (otherKind) return otherKind;
  if (kind) {
    const ofKind = hits.find((h) => KIND_FAMILY[kind].includes(h.doc.kind) && h.confidence >= 0.4);
    // The overview of a kind of item is no answer to a question that asks for another kind: "the newest podcast episode" is not about the newest videos.
    const overview = best?.doc.kind === 'program' && OVERVIEWS.has(best.doc.ref);
    // A document that has the question's words only in its text is no answer to a question for a kind of item, unless it has two of them besides the words for the newest ("do i need an api key to read the list of videos").
    // So is one found only by the words that ask for the oldest ("the very first episode" is not the clip "First Leaves, First Mistakes").
    const loose = best && ((!best.named && best.matched.filter((t) => !NEWEST.includes(t)).length < 2) || (asksOldest(ctx) && best.matched.every((t) => OLDEST_TERMS.includes(t))));
    // With no item of the kind found, a fact of the program the question names whole answers: "new videos as json feed" is the feeds.
    const fact = hits[0];
    if (!ofKind && !best && fact?.fullyNamed && fact.doc.kind === 'program' && !OVERVIEWS.has(fact.doc.ref)) return documentAnswer(ctx, fact);
    // An item (or a category) of another kind is no answer either: "any podcasts about science" is not the science videos. But a TV
    // show has episodes too: asked for an "episode", a video found by its own subject answers ("an episode about trichomes").
    const unmistaken = kind === 'product' || / podcasts? /.test(question.text) || best?.doc.kind === 'category';
    const otherItem = unmistaken && best && Object.values(KIND_FAMILY).some((f) => f.includes(best.doc.kind)) && !KIND_FAMILY[kind].includes(best.doc.kind);
    // A category of the kind named whole ("the science videos") is what is asked for, whoever else the question names.
    const category = kind === 'video' && hits.some((h) => h.doc.kind === 'category' && h.fullyNamed);
    if (ofKind || !best || loose || overview || otherItem || category) return KIND_ANSWER[kind]((best && compared(ctx, best)) || ctx);
    const aka = best.fullyNamed && best.doc.kind === 'knowledge' ? underName(ctx, best, kind) : undefined;
    if (aka) return KIND_ANSWER[kind](aka);
  }
  if (best) return documentAnswer(compared(ctx, best) ?? ctx, best);
  const timed = lengthOfTime(ctx);
  if (timed) return documentAnswer(ctx, timed);
  const pair = together(ctx);
  if (pair) return pair;
  const top = hits[0];
  if (!top || ctx.index.strangers(question.query).length) return undefined;
  // No document accounts for half the question, but one of the top five accounts for a good part of it as written (no word corrected into another): it answers.
  const closest = hits.slice(0, 5).reduce((b, h) => (h.confidence > b.confidence ? h : b));
  if (closest.confidence >= FALLBACK && !question.corrected) return documentAnswer(ctx, closest);
  // Else a subject the catalog files videos under ("anything on pest control?"): no video is about it, and these are the closest.
  return ['category', 'video'].includes(top.doc.kind) && top.confidence >= 0.3 ? videosAnswer(ctx) : undefined;
}

/**
 * A question for a kind of item whose first document is the overview of another kind, named by a word of the question
 * ("merch for podcast fans": the shop, by "merchandise"): it asks for the overview's kind, and the word that named the
 * first kind is its subject (the microphone pin is the podcast's).
 */
function otherOverview(ctx: AnswerContext): Answer | undefined {
  const { question, hits } = ctx;
  const top = hits[0];
  // Named by a word of its own, not by one that orders any list ("the newest podcast episode" is not the videos').
  const kind = top?.doc.kind === 'program' && top.keyed.some((t) => !NEWEST.includes(t)) ? OVERVIEW_KIND[top.doc.ref] : undefined;
  // Products asked for are the kind whatever else is named: "anything in the shop for fans of the podcast" is the podcast's pin.
  if (!kind || !question.kind || kind === question.kind || question.kind === 'product') return undefined;
  const query = [...wordsBeyond(question.query, top.matched), ...question.words.filter((w) => kindOfWord(w) === question.kind)].join(' ');
  const found = ctx.index.search(query).filter((h) => isPublic(ctx.catalog, h.doc, ctx.input.now));
  return KIND_ANSWER[kind]({ ...ctx, question: { ...question, kind, query }, hits: found });
}

/**
 * A question that names the knowledge base or its entries and a subject ("which knowledge entry talks about vitamin e acetate",
 * "what does the kb say about hops"): the knowledge base's words say where to look, not what about, so when its overview is the
 * first document found, the entry (or a passage of it) that accounts for the rest of the question answers.
 */
function entryOfTheRest(ctx: AnswerContext, best: Hit): Hit | undefined {
  if (best.doc.kind !== 'program' || best.doc.ref !== 'knowledge') return undefined;
  const rest = wordsBeyond(ctx.question.query, best.matched).join(' ');
  if (!ctx.index.terms(rest).length) return undefined;
  // Named by it, or found by two of its words: a lone word of its text may be one of asking ("say").
  return ctx.index.search(rest, { kinds: ['knowledge', 'passage'] }).find((h) => h.confidence >= CONFIDENT && (h.named || h.matched.length >= 2));
}

/** What "how many" counts: the word after it. */
const ASKS_COUNT = / how many (\p{L}+) /u;

/**
 * A question that counts a thing, and a document that has only that word of it, filed under it without naming or saying it ("how
 * many subscribers does the podcast have" of the feeds, filed under "subscribe"): the document does not count it, nor does anything published.
 */
function countsUnsaid(ctx: AnswerContext, best: Hit): boolean {
  const counted = indexTerm(ASKS_COUNT.exec(ctx.question.text)?.[1] ?? '');
  if (!counted || best.matched.join() !== counted) return false;
  return !tokens(`${best.doc.names} ${best.doc.text}`).some((t) => indexTerm(t) === counted);
}

/** The runs of two or more words after an article or a possessive, up to a stop word: what the question names ("the stock price"). */
function namedPhrases(ws: string[]): string[][] {
  const phrases: string[][] = [];
  ws.forEach((w, i) => {
    if (!DETERMINER.test(w)) return;
    const run: string[] = [];
    for (const next of ws.slice(i + 1)) {
      if (indexTerm(next) === null) break;
      run.push(next);
    }
    if (run.length >= 2) phrases.push(run);
  });
  return phrases;
}

/**
 * A catalog item that has some words of a thing the question names, none of them in its names, and lacks another the corpus
 * has ("the stock price": a mug "in stock" that says no price), or lacks one between two it has that another item of its kind
 * is filed under ("the spring policy roundup": a spring roundup, and "policy" another video's): the question names another thing than the item.
 */
function namesOtherItem(ctx: AnswerContext, best: Hit): boolean {
  if (!ITEM_KINDS.has(best.doc.kind) || best.fullyNamed) return false;
  const named = new Set(tokens(best.doc.names).map(indexTerm));
  // The words for a kind of item ("the podcast trailer") are not searched for: they name no item.
  const searched = new Set(ctx.index.terms(ctx.question.query));
  return namedPhrases(ctx.question.words).some((phrase) => {
    const terms = phrase.map(indexTerm).filter((t): t is string => t !== null && searched.has(t));
    const has = (t: string) => best.matched.includes(t);
    const between = (i: number) => terms.slice(0, i).some(has) && terms.slice(i + 1).some(has);
    const filedElsewhere = terms.some((t, i) => !has(t) && between(i) && ctx.hits.some((h) => h !== best && h.doc.kind === best.doc.kind && h.keyed.includes(t)));
    return filedElsewhere || (terms.some(has) && terms.some((t) => !has(t) && ctx.index.documents(t) > 0) && !terms.some((t) => has(t) && named.has(t)));
  });
}

/** Words that set two things side by side. */
const COMPARES = / (or|vs|versus|than|compared to|compared with|difference between) /;

/**
 * A comparison of an entry the question names with a thing no entry is named by ("difference between THCA and THC": THCA has
 * no entry of its own): another entry that has every word of the question the named one matched, less the words that compare,
 * tells how the two are related (decarboxylation turns THCA into THC), and answers first.
 */
function relating(ctx: AnswerContext, best: Hit): Hit | undefined {
  const comparing = COMPARES.exec(ctx.question.text);
  const entries = ctx.hits.filter((h) => h.doc.kind === 'knowledge');
  if (!comparing || best.doc.kind !== 'knowledge' || !best.fullyNamed || entries.filter((h) => h.fullyNamed).length !== 1) return undefined;
  const frame = new Set(ctx.index.terms(`${comparing[1]} difference`));
  const compared = best.matched.filter((t) => !frame.has(t));
  if (compared.length < 2) return undefined;
  return closest(entries.filter((h) => h.doc.ref !== best.doc.ref && compared.every((t) => h.matched.includes(t))));
}

/**
 * A comparison of the best document with another of its kind ("which is longer, the trailer
 * episode or Rope, Sails and Paper?"): the rest of the question, the words the best did not
 * match, is searched on its own, and a document of the same kind that accounts for it answers too.
 */
function compared(ctx: AnswerContext, best: Hit): AnswerContext | undefined {
  const { question } = ctx;
  if (!COMPARES.test(question.text)) return undefined;
  // What is compared says nothing of which item: "longer" (of "long", no subject) is left out with the words the best matched.
  const measure = (w: string) => /\w{3}(er|est)$/.test(w) && indexTerm(w.replace(/(er|est)$/, '').replace(/(\w)\1$/, '$1')) === null;
  const rest = wordsBeyond(question.query, best.matched).filter((w) => !measure(w));
  if (!ctx.index.terms(rest.join(' ')).length) return undefined;
  const other = ctx.index.search(rest.join(' '), { kinds: [best.doc.kind] }).find((h) => h.doc.ref !== best.doc.ref && h.confidence >= CONFIDENT && isPublic(ctx.catalog, h.doc, ctx.input.now));
  if (!other) return undefined;
  const both = [best, { ...other, confidence: best.confidence }];
  return { ...ctx, hits: [...both, ...ctx.hits.filter((h) => !both.some((x) => x.doc === h.doc))] };
}

/**
 * The items of a kind asked for under an entry's own name, when the question names the entry by
 * another of its names: "the decarb video" is the video about decarboxylation. The entry's first
 * name stands for the words of the question it matched.
 */
function underName(ctx: AnswerContext, entry: Hit, kind: AskedKind): AnswerContext | undefined {
  const { question } = ctx;
  const rest = wordsBeyond(question.query, entry.matched);
  const query = [entry.doc.names.split(' ; ')[0], ...rest].join(' ');
  const hits = ctx.index.search(query).filter((h) => isPublic(ctx.catalog, h.doc, ctx.input.now));
  return hits.some((h) => KIND_FAMILY[kind].includes(h.doc.kind) && h.confidence >= CONFIDENT) ? { ...ctx, question: { ...question, query }, hits } : undefined;
}

/**
 * Two documents of one kind that together account for a question no one of them does ("which
 * costs more, the tote or the poster", "difference between X and Y"): each has a word of the
 * question the other lacks, and between them they have most of its words. Both answer.
 */
function together(ctx: AnswerContext): Answer | undefined {
  const terms = ctx.index.terms(ctx.question.query);
  if (terms.length < 2 || ctx.index.strangers(ctx.question.query).length) return undefined;
  const top = ctx.hits.slice(0, 5).filter((h) => h.confidence >= 0.25);
  const owns = (h: Hit, other: Hit) => h.matched.some((t) => !other.matched.includes(t));
  for (const [i, a] of top.entries()) {
    for (const b of top.slice(i + 1)) {
      if (a.doc.kind !== b.doc.kind || !owns(a, b) || !owns(b, a)) continue;
      if (new Set([...a.matched, ...b.matched]).size < Math.ceil(0.6 * terms.length)) continue;
      const both = [a, b].map((h) => ({ ...h, confidence: Math.max(h.confidence, CONFIDENT) }));
      return documentAnswer({ ...ctx, hits: both }, both[0]);
    }
  }
  return undefined;
}

/** A topic's members asked for ("which terpene smells like pine?"): the topic, and the member that stands out. */
function membersAnswer(ctx: AnswerContext): Answer | undefined {
  const topic = asksMembers(ctx);
  // Not when a document of the program accounts for half the question and the topic for less than half as much: the topic's word is
  // the program's there ("what method do i send to the a2a agent" asks for a JSON-RPC method, not the consumption methods).
  const top = ctx.hits[0];
  const topicHit = ctx.hits.find((h) => h.doc.kind === 'topic' && h.doc.ref === topic);
  if (topic && top && ofProgram(top) && top.confidence >= CONFIDENT && (topicHit?.confidence ?? 0) < top.confidence / 2) return undefined;
  return topic ? topicAnswer(ctx, topic) : undefined;
}

/** Points asked about as kept or lost after they were paid. */
const KEPT =
  / (keep|kept|lose|losing) (the |my |those |these |its |their |all )?([\d,]+ )?(points|pts|award|awards|reward|rewards|bonus) | (points|pts|award|reward|bonus) (\w+ ){0,3}(be |get |gets |got )?(taken back|taken away|clawed back|reversed|stand|stands) /;
/** An action done again on the same thing: "the same post twice", "the same link again". */
const REPEATED = / same (\w+ ){0,3}(twice|again|both times|two times|more than once|a second time) /;

/** What an action earns, asked in so many words ("how many pts for posting a task", "do I get anything for inviting agents"). */
function actionWorth(ctx: AnswerContext): Answer | undefined {
  const { question } = ctx;
  // "How many times a day can I share" counts shares (a cap), not points.
  // What an action pays is what it earns ("mentions pay more than promotes"): the program pays points, nothing else.
  const asksWorth = / (how many(?! times)|how much|get|receive|anything|pay|pays|paid) /.test(question.text) || asksPoints(question);
  // "Who has the most promotion points?" asks for agents, not for what a promote is worth; "is there a daily limit on how many promotes
  // count?" is about a rule of the program (not an endpoint, which may be the action itself) that accounts for most of the question.
  // So is one a rule accounts for more of than any other of the top five, and for at least half: "does my referral reward stand if the agent
  // i referred never promotes anything" is the rule on standing referrals.
  const top = ctx.hits[0];
  const nearest = closest(ctx.hits.slice(0, 5));
  const isRule = (h: Hit | undefined) => h?.doc.kind === 'reference' && !isEndpoint(h.doc.ref);
  const rule = (isRule(top) && top.confidence >= KNOWN_ONLY) || (isRule(nearest) && nearest!.confidence >= CONFIDENT);
  // An action the question does before or after what it asks ("before promoting anything, where do i get the list of videos") is its setting.
  const setting = / (?:before|after|while) (?:share|shar|mention|promot|referr)\w*ing /.test(question.text);
  // Which action pays the most or the least, or has the biggest daily cap, names no action: the actions ranked answer ("the lowest paying action").
  const ranks =
    !question.actions.length &&
    / (action|actions|actiontype|activity) /.test(question.text) &&
    / (most|highest|best|biggest|largest|top|least|lowest|fewest|smallest) /.test(question.text) &&
    / (earn|earns|pay|pays|paying|worth|points|reward|rewards|cap|caps) /.test(question.text);
  if (ranks && !question.tiers.length && !ASKS_WHO.test(question.text)) return programFacts.find((f) => f.intent === 'points')!.answer(ctx);
  if (!question.actions.length || question.tiers.length || !asksWorth || setting || ASKS_WHO.test(question.text)) return undefined;
  // An action asked about as done again on the same thing ("i shared the same link twice, do i get points both times") is asked
  // of the rules on repeats: the closest rule of the top five answers, when there is one.
  const repeat = ctx.hits.slice(0, 5).filter(isRule);
  if (REPEATED.test(question.text) && repeat.length) return documentAnswer(ctx, closest(repeat)!);
  // So is an award asked about as kept or lost afterwards ("do i keep the 25 points", "can my referral's 50 be taken back"): the
  // rules on what stands answer, not what the action pays.
  if (KEPT.test(question.text) && repeat.length) return documentAnswer(ctx, closest(repeat)!);
  return rule ? undefined : programFacts.find((f) => f.intent === 'points')!.answer(ctx);
}

/**
 * A question for a kind of item about something its items or its overview are filed under, whose only word of the clock is
 * "now" ("right now", "currently"): the items now, not what is on air ("which videos are featured right now").
 */
function nowOfItems(ctx: AnswerContext): boolean {
  const { question, hits } = ctx;
  const kind = question.kind;
  if (!kind || question.days.length || ON_AIR.test(question.text.replace(/ now /g, ' '))) return false;
  const ofKind = (h: Hit) => KIND_FAMILY[kind].includes(h.doc.kind) || (h.doc.kind === 'program' && OVERVIEWS.has(h.doc.ref));
  return hits.some((h) => ofKind(h) && h.matched.some((t) => t !== 'now'));
}

/** Words that ask whether an item can be had. */
const CAN_BE_HAD = / (available|in stock|sold out|still (?:buy|get|order)|preorder|pre order) /;

/**
 * A product named by two words of its name, asked whether it can be had by a date ("the cozy kitchen set before christmas, is it
 * still available"): the shop's availability, not the lineup of the date nor the category a word of its name names.
 */
function availableBy(ctx: AnswerContext): Answer | undefined {
  const { question, hits } = ctx;
  if (question.kind || !dateOfQuestion(ctx) || !CAN_BE_HAD.test(question.text)) return undefined;
  const product = hits.slice(0, 5).find((h) => h.doc.kind === 'product' && ctx.index.titles(h.matched.join(' ')).length >= 2);
  return product ? shopAnswer({ ...ctx, hits: [{ ...product, confidence: Math.max(product.confidence, CONFIDENT) }] }) : undefined;
}

/**
 * A question about the schedule's time ("what's on now", "airing on sunday evening"): not about a
 * tier, points or an action the program pays for, with no word the service does not know, and not naming something else outright.
 */
function asksSchedule(ctx: AnswerContext): boolean {
  const { question, hits, index } = ctx;
  // "Now" between a subject and its verb tells what has changed ("the endpoint now shows disabled"), not what is on air now.
  // A date named ("christmas morning", "december 31") is a day too, unless a kind of item is asked for: its date of publication.
  const dated = !question.kind && !!dateOfQuestion(ctx);
  if (!question.days.length && !dated && !ON_AIR.test(question.text.replace(NOW_CHANGED, ' $1 '))) return false;
  // A number no document has is a time or a count the rules read ("9:45 am"), not a stranger.
  // So is a place the question names as the asker's own time zone ("what's on now in tokyo").
  const place = new Set(askerZone(wordsWritten(ctx.input))?.words.map(indexTerm));
  // So are the words of the clock no document has ("at midnight tonight", "yesterday").
  const strangers = index
    .strangers(question.query)
    .filter((t) => !/^\d+$/.test(t) && !place.has(t) && !WEEK_PARTS.has(t) && !CLOCK_TERMS.has(t) && !(dated && (DATE_TERMS.has(t) || /^\d+(st|nd|rd|th)$/.test(t))));
  // An action the program pays for ("my mention cap ran out this afternoon") makes the clock's words the asker's story, not the air's.
  if (question.tiers.length || question.actions.length || question.stems.has('tier') || question.stems.has('point') || strangers.length) return false;
  if (nowOfItems(ctx)) return false;
  const top = hits[0];
  // The rewards program's own fact or endpoint that accounts for clearly more of the question than anything on the air makes the clock's
  // words the asker's story: "my reputation score is 45 right now, what level is that", "my apikey leaked, what do i do now".
  const aired = (h: Hit) => ['slot', 'special'].includes(h.doc.kind) || (h.doc.kind === 'program' && h.doc.ref === 'schedule');
  const onAir = Math.max(0, ...hits.filter(aired).map((h) => h.confidence));
  // Not when the question names a date, whose words ("christmas day") are the clock's: the daily caps are no answer to them.
  if (!dated && top && ['program', 'reference', 'tier'].includes(top.doc.kind) && !aired(top) && !OVERVIEWS.has(top.doc.ref) && top.confidence >= PROGRAM_OVER_CLOCK && top.confidence > onAir + 0.1)
    return false;
  // A category or video named with a day is asked about as a show when a show accounts for more of the question ("the news on wednesday").
  const show = question.days.length && ['category', 'video'].includes(top?.doc.kind ?? '') && hits.some((h) => h.doc.kind === 'slot' && h.confidence > top.confidence);
  return !top?.fullyNamed || show || ['slot', 'special', 'program'].includes(top.doc.kind);
}

export async function answerQuestion(model: ConciergeModel, asked: AnswerInput, program?: ProgramSnapshot): Promise<Answer> {
  // An id pasted from the site or the API ("cc-009", ".../videos/cc-006", "mug-cove-logo") is read as the name of its item.
  const input = { ...asked, message: namingItems(asked.message, model.catalog, asked.now) };
  const answer = await answerAsked(model, input, program);
  // An answer that says itself that no key is needed stands ("do i need an api key to read videos": the videos, "no key needed").
  const whole = (!/\bno (api )?key\b/i.test(answer.reply) && (await openRead(model, input, program))) || answer;
  return eachAsk(model, input, whole, program);
}

/** Where a second question begins in one message: "X? also Y", "X? Y", "X, and Y", "X and Y", Y starting as questions start. */
const SECOND_ASK =
  /(?:\?\s*(?:(?:and|also|plus)\s+)?|[,;]?\s+(?:and|also|plus)\s+)(?=(?:what|what's|whats|how|who|who's|whos|when|where|where's|wheres|which|why|is|are|do|does|did|can|could|will)\b)/gi;
/** An answer's first sentence, or its first 80 characters: what another answer that already gives it begins with. */
const openingOf = (reply: string) => reply.slice(0, 80).split(/(?<=[.:])\s/)[0];
/** Fewer words than this is no question of its own ("and what"). */
const ASK_WORDS = 3;

/** The questions one message asks, when it asks more than one, each long enough to be asked alone. */
export function asksOf(message: string): string[] | undefined {
  const parts = message
    .split(SECOND_ASK)
    .map((p) => p.trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  return parts.length >= 2 && parts.every((p) => p.split(/\s+/).length >= ASK_WORDS) ? parts : undefined;
}

/**
 * Two questions in one message ("how many points is a promote, and what tier is 300", "where's the rss feed? also do you
 * sell mugs") are each answered: to the whole's answer is added the answer of each ask whose opening the whole does not already
 * say, and an ask nothing answers is said not to be known. A whole that has no answer is the answers of its asks.
 */
async function eachAsk(model: ConciergeModel, input: AnswerInput, whole: Answer, program: ProgramSnapshot | undefined): Promise<Answer> {
  const asks = asksOf(input.message);
  if (!asks) return whole;
  const answers = await Promise.all(asks.map((message) => answerAsked(model, { ...input, message }, program)));
  const known = answers.filter((a) => a.intent !== 'unknown');
  const unknown = answers.find((a) => a.intent === 'unknown');
  if (!known.length) return whole;
  let result = whole.intent === 'unknown' ? known[0] : whole;
  for (const a of known) if (a !== result && !result.reply.includes(openingOf(a.reply))) result = joined(result, a);
  return unknown ? joined(result, unknown) : result;
}

/** What a key, an account or a payment is asked of, to watch, listen to or read something ("do i need an account to watch"). */
const BARRIER = /\b(account|apikey|key|login|log in|register|registration|subscription|subscribe|membership|password|pay|paid|money|cost)\b/;
const NEEDED = /\b(need|needs|have to|has to|must|required|require|without)\b/;
const CONSUMES = /\b(watch|stream|view|see|read|listen|browse|download)\b(.*)$/;
/** What an agent's key does open: its own standing, the gated reads, the program's actions. */
const KEYED_READS = /\b(my|points|profile|ledger|gated|exclusive|tier|premium|vault|standing|balance|history|earn|rewards)\b/;

/**
 * Asked whether watching, listening or reading needs a key, an account or a payment: it does not (every GET of what is published is
 * open; the apiKey is the rewards program's), said before the answer of what is to be watched ("do i need an account to watch": the
 * videos). An agent's own standing and the gated reads do need its key, and are left to the rules of the program.
 */
async function openRead(model: ConciergeModel, input: AnswerInput, program: ProgramSnapshot | undefined): Promise<Answer | undefined> {
  const text = normalise(input.message);
  const consumed = CONSUMES.exec(text);
  if (!consumed || !BARRIER.test(text) || !NEEDED.test(text) || KEYED_READS.test(text)) return undefined;
  const verb = consumed[1];
  const object = consumed[2].replace(/\b(without|with)\b.*$/, '').trim();
  const ofIt = object && (await answerAsked(model, { ...input, message: `${verb} ${object}` }, program));
  const read = ofIt && ofIt.intent !== 'unknown' ? ofIt : await answerAsked(model, { ...input, message: verb === 'listen' ? 'the podcast' : 'videos' }, program);
  return makeAnswer(
    read.intent,
    `No key, account or payment is needed to ${verb}: everything published here is open to read (GET, no key needed); an apiKey is only for agents in the rewards program. ${read.reply}`,
    [{ title: 'Discovery index', url: `${model.base}/api/public` }, ...read.sources],
    read.suggestions,
  );
}

async function answerAsked(model: ConciergeModel, input: AnswerInput, program?: ProgramSnapshot): Promise<Answer> {
  // A clause that only sets the question up ("just wondering, ...", "sorry if this is dumb but ...") is left out: what the rest has no answer to, the whole has none to.
  const rest = withoutPreamble(model, input.message);
  const asked = rest ? { ...input, message: rest } : input;
  const ctx = contextOf(model, asked, readQuestion(asked.message, model.vocabulary));
  const edited = editingAnswer(model, ctx) ?? shapeAnswer(model, ctx);
  if (edited) return edited;
  const answer = await answerAsRead(model, ctx, program);
  const given = answer && answer.intent !== 'unknown' ? answer : ((await answerLastAsk(model, input, program)) ?? answer ?? unknownAnswer(ctx));
  return askLed(model, ctx, given, program);
}

/**
 * A question about changing content ("how do i add a product to the shop", "can i commit its yaml without it going live") is
 * answered by the editors' document that accounts for half of it, as its words are written (the catalog's vocabulary corrects
 * no "yaml").
 */
function editingAnswer(model: ConciergeModel, ctx: AnswerContext): Answer | undefined {
  return asksEditing(ctx.question.text) ? answerFromIndex(model.editing, ctx, CONFIDENT) : undefined;
}

/**
 * A question about what a response holds ("which fields does a product have", "can transcriptUrl be null") is answered by the
 * JSON body of the read it names, as the OpenAPI document describes it. A developer's question says more than what it asks of
 * ("i am writing a typed client"): a body that accounts for a good part of it answers, the question being one of shape.
 */
function shapeAnswer(model: ConciergeModel, ctx: AnswerContext): Answer | undefined {
  return asksShape(ctx.input.message) ? answerFromIndex(model.shapes, ctx, SHAPE_CONFIDENT) : undefined;
}
const SHAPE_CONFIDENT = 0.4;

/**
 * The answer of an index of its own (the editors', the response shapes'): the question searched as written (the catalog's vocabulary
 * corrects towards its own words, "pick" to "pack", not theirs), and of the first three found the one that accounts for most of it
 * (the first by score may account for less), when it accounts for at least `least`.
 */
function answerFromIndex(index: ConciergeIndex, ctx: AnswerContext, least: number): Answer | undefined {
  const hits = index.search(ctx.question.asWritten.join(' '));
  const best = hits.slice(0, 3).reduce<Hit | undefined>((b, h) => (!b || h.confidence > b.confidence ? h : b), undefined);
  return best && best.confidence >= least ? referenceAnswer({ ...ctx, hits: [best, ...hits.filter((h) => h !== best)] }, best) : undefined;
}

/** A document that lists or summarises the others (the errors table, llms.txt's paragraphs, the overviews of the catalog, the schedule and the index): no situation's answer. */
const summarises = (h: Hit) =>
  (h.doc.kind === 'reference' && (h.doc.ref === 'Errors' || h.doc.ref === 'llms.txt')) ||
  (h.doc.kind === 'program' && (OVERVIEWS.has(h.doc.ref) || ['schedule', 'knowledge', 'api'].includes(h.doc.ref)));

/**
 * A question that tells the asker's story before it asks (situation.ts) is answered by what its ask asks: the story's codes,
 * numbers and times draw rules of their own ("i have 1200 points but my reputation is only 35, how is that possible" drew the
 * tier 1200 points reach). What the ask draws by itself stands; otherwise, of the answer given and the facts of the program found for the
 * whole question, the one whose reply says most of the ask, the story's words breaking ties.
 */
async function askLed(model: ConciergeModel, ctx: AnswerContext, given: Answer, program: ProgramSnapshot | undefined): Promise<Answer> {
  const split = storyAndAsk(ctx.input.message);
  // A health question's answer, with its not-medical-advice line, is never traded for a rule of the program.
  // Nor is what the asker wants done to its own account ("i only want to stop the points.reversed events and keep the others, how").
  // Nor is the shop's list within a price the story set ("i've got about fifteen dollars to spend, what are my options": the budget is the ask's).
  const priced = given.intent === 'shop' && (ctx.question.priceCeiling || ctx.question.priceFloor);
  if (!split || given.intent === 'health' || given.intent === 'dosing' || accountAnswers.has(given) || priced) return given;
  const own = await answerAsRead(model, contextOf(model, { ...ctx.input, message: split.ask }, readQuestion(split.ask, model.vocabulary)), program);
  // The same kind of answer from the same first source: the same rule, the story giving it its values ("i have 90 pts, if i accept the partnership what tier do i land in").
  if (own && own.intent === given.intent && own.sources[0]?.url === given.sources[0]?.url) return given;
  // What the whole has no answer to, its ask read alone may: the story only led to it ("my dad loves history, when do you show the history programs").
  if (given.intent === 'unknown' && own && own.intent !== 'unknown') return own;
  const others = ctx.hits
    .slice(0, 8)
    .filter((h) => ofProgram(h) && h.confidence >= 0.15 && !summarises(h))
    .map((h) => ({ answer: documentAnswer({ ...ctx, hits: [h, ...ctx.hits.filter((x) => x !== h)] }, h), filed: h.keyed }));
  // What the ask reads the question as says too what of it nothing publishes, as every composed answer does ("do you pay
  // extra points when a post gets a million views" is told the points, and that nothing is known of "million").
  const chosen = byTheAsk(ctx.index, split, given, others);
  return chosen === given ? chosen : withUnknownRest(ctx, chosen);
}

/**
 * A long question that has no answer as a whole asks what its last clause asks, from that clause's
 * first question word on: what comes before is the story that led to it ("..., nobody got blocked,
 * but anyway what is the read limit per minute", "..., but my actual question is where the feed is").
 */
async function answerLastAsk(model: ConciergeModel, input: AnswerInput, program: ProgramSnapshot | undefined): Promise<Answer | undefined> {
  const clauses = input.message.split(/\s*(?:,|;|[?!]|\.(?=\s)|\s[-–—]\s|\bbut\b)\s*/i).filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (clauses.length < 3) return undefined;
  const last = normalise(clauses[clauses.length - 1]);
  const at = [/\b(what|how|who|which|when|where|why)\b/, /\b(is|are|do|does|can|could|will)\b/].map((r) => last.search(r)).find((i) => i >= 0);
  if (at === undefined) return undefined;
  const message = last.slice(at);
  const answer = await answerAsRead(model, contextOf(model, { ...input, message }, readQuestion(message, model.vocabulary)), program);
  return answer?.intent === 'unknown' ? undefined : answer;
}

/** When the asker's story happened ("this afternoon", "yesterday", "earlier today"): words of the clock that say nothing of what is asked. */
const STORY_TIME = /\b(?:earlier |later )?(?:today|yesterday|tonight|last night|this (?:morning|afternoon|evening|week)|earlier)\b/gi;

/**
 * A question about an action the program pays for, read without the words that date the asker's story: they count in
 * no document of the program, and only dilute what the rest of the question names ("my share cap ran out today, when
 * can i share again" is the daily caps' question, as it is without "today").
 */
function withoutStoryTime(model: ConciergeModel, ctx: AnswerContext): AnswerContext | undefined {
  if (!ctx.question.actions.length) return undefined;
  const message = ctx.input.message.replace(STORY_TIME, ' ').replace(/\s+/g, ' ').trim();
  if (message === ctx.input.message.trim() || !message) return undefined;
  return contextOf(model, { ...ctx.input, message }, readQuestion(message, model.vocabulary));
}

async function answerAsRead(model: ConciergeModel, ctx: AnswerContext, program: ProgramSnapshot | undefined): Promise<Answer | undefined> {
  ctx = withoutStoryTime(model, ctx) ?? ctx;
  // What the asker wants done to its own account is read in every word it wrote: "undo" and "hide" are words no document has.
  const account = accountAction(ctx, (hit) => documentAnswer({ ...ctx, hits: [hit, ...ctx.hits.filter((h) => h !== hit)] }, hit));
  if (account) return account;
  const known = withoutStrangers(model, ctx);
  // Strangers that are all shorthand ("rn", "tbh") say nothing the rest of the question needs: it is read without them first. So is a
  // question for a kind of item whose known words are enough: "videos about terpenes lowkey" is not told that no video matches "lowkey".
  // Otherwise the question is searched again without them only when it found no answer as asked.
  const readings = known?.shorthand ? [known.read, () => ctx] : [() => ctx, known?.read];
  for (const reading of readings) {
    const read = reading?.();
    const answer = read && (await compose(read, program));
    if (answer) return answer;
  }
  return undefined;
}

/** Whether a clause's words, but its stop words, are all strangers to every document (slang such as "what's the damage"). */
function slang(model: ConciergeModel, clause: string): boolean {
  const query = readQuestion(clause, model.vocabulary).query;
  const strangers = model.index.strangers(query).length;
  return strangers > 0 && strangers === model.index.terms(query).length;
}

/**
 * The question without a first or last clause (set off by a comma, a colon, a dash or "but") that names nothing a document is
 * about: none of its words is in a document's names or keywords. "just wondering, what's on now" is "what's on now"; "whats
 * cheaper, the tote or the poster" keeps its first clause (cheap is about prices).
 */
/** The words that say a question is coming rather than ask it. */
const ANNOUNCES_QUESTION = /^(?:(?:a|one|another|just a) )?(?:quick|short|simple|small|silly|dumb|stupid|random|easy|little) (?:one|question|q)\b/;

function withoutPreamble(model: ConciergeModel, message: string): string | undefined {
  // An adverb in "-ly" before the question's first word is a clause of its own too: "honestly, who leads" as "honestly who leads".
  const adverb = new RegExp(`(?<=^\\s*\\p{L}+ly)\\s+(?=${QUESTION_START.source.slice(1)})`, 'iu');
  const clauses = message
    .split(adverb)
    .flatMap((c) => c.split(/\s*(?:(?<!\d),|,(?!\d)|(?<!\d):|:(?!\d)|[;?!]|\.(?=\s)|\s[-–—]\s|\bbut\b)\s*/i))
    .filter((c) => /[\p{L}\p{N}]/u.test(c));
  if (clauses.length < 2) return undefined;
  const frames = (clause: string) => {
    const read = readQuestion(clause, model.vocabulary);
    // A handle-shaped word may be an agent's name: "lumen vs scout-7 - who is ahead" keeps its first clause; "total?" asks what the rest comes to.
    // The asker's place is its clock, no frame: "im in london, whats on at 3am my time".
    // Nor is a clause that names an error code the API answers with: "what does 409 name_taken mean, i thought names were free".
    if (read.words.some((w) => Object.hasOwn(problemCodes, w))) return false;
    return !read.kind && !model.index.titles(read.query).length && !read.names.some((n) => n.handleLike) && !ASKS_TOTAL.test(` ${read.text} `) && !askerZone(words(normalise(clause)));
  };
  // A clause that says a question is coming frames it, whatever it names: "quick one from the ops side: ...", "random question for the team, ...".
  if (frames(clauses[0]) || ANNOUNCES_QUESTION.test(normalise(clauses[0]))) return clauses.slice(1).join(', ');
  // A last clause that is a question of its own is the question, not a tag on it: "if i accept the partnership and do 4 promotes, whats my total".
  // So is one that asks "what", "who" or "which" further on: "who owns canopy cove tv, like which parent company".
  const last = clauses[clauses.length - 1];
  // So is one whose every word but its stop words no document has: "3 leaf enamel pins, what's the damage" asks for the pins' price.
  const asks = QUESTION_START.test(normalise(last)) || /\b(what|who|which)\b/.test(normalise(last));
  if ((!asks || slang(model, last)) && frames(last)) return clauses.slice(0, -1).join(', ');
  return undefined;
}

function contextOf(model: ConciergeModel, input: AnswerInput, question: Question): AnswerContext {
  return {
    catalog: model.catalog,
    index: model.index,
    base: model.base,
    input,
    question,
    hits: model.index.search(question.query).filter((h) => isPublic(model.catalog, h.doc, input.now)),
    api: (path, title) => ({ title, url: `${model.base}${path}` }),
    answer: makeAnswer,
  };
}

/**
 * The question read without the words no document uses, when what is left points clearly at one
 * document: "glassblowing videos rn", "does vaping kick in faster than edibles". A stranger of up
 * to four letters is taken for chat shorthand or part of an idiom; a longer one is more likely
 * the subject ("how do i grow tomatoes"), so the words the service knows must outnumber those.
 * The handles the question may name stay candidates (an agent's name is a stranger too), and
 * the question counts as corrected when a longer stranger or a frame was left out: the closest document that accounts
 * for less than half of it does not answer. Shorthand alone ("rn", "tbh") leaves the question as sure as it was.
 */
function withoutStrangers(model: ConciergeModel, ctx: AnswerContext): { read: () => AnswerContext | undefined; shorthand: boolean } | undefined {
  const { index, question } = ctx;
  const strangers = new Set(index.strangers(question.query));
  const isStranger = (w: string) => strangers.has(indexTerm(w) ?? '');
  // A short stranger after an article or a possessive is a noun the question asks about ("who is the ceo"), not shorthand; an ordinal ("the 2nd time") is neither.
  const longer = question.words.filter((w, i) => isStranger(w) && !ORDINAL.test(w) && !(w.length <= SHORT_WORD && /^\p{L}+$/u.test(w) && !afterDeterminer(question.words, i)));
  const subjects = longer.length;
  // The only longer stranger is the last word, after a word that is no stop word: a tag the rules may read past ("what's on now lowkey"), an object ("weather in portland") it is not.
  const [before, last] = question.words.slice(-2);
  const tag = subjects === 1 && longer[0] === last && !!before && indexTerm(before) !== null;
  // Known words that only frame the question ("quick question, ..."), when no longer stranger may be its subject ("quick question, how do i grow tomatoes").
  const found = subjects ? [] : index.frames(question.query, question.kind ? KIND_FAMILY[question.kind] : []).filter((t) => !NEWEST.includes(t));
  // A word corrected into another makes the subject uncertain ("who won the world cup" read as "own" and "cpu"), unless it is itself a frame ("mate" read as "made").
  const written = question.asWritten;
  const frames = new Set(question.words.every((w, i) => w === written[i] || found.includes(indexTerm(w) ?? '')) ? found : []);
  if ((!strangers.size && !frames.size) || namesStranger(question.words, strangers, false, ctx.hits)) return undefined;
  const isFrame = (w: string) => frames.has(indexTerm(w) ?? '');
  // Removed from the question as written, so that numbers ("1,200") and punctuation stay as they were.
  const kept = ctx.input.message.replace(/[\p{L}\p{N}]+(?:[_.'-][\p{L}\p{N}]+)*/gu, (w) => (isStranger(correctWord(w.toLowerCase(), model.vocabulary)) ? '' : w));
  // Frames stay in what the rules read (the tier arithmetic reads "how far"), out of what retrieval searches.
  const keptQuestion = readQuestion(kept, model.vocabulary);
  const query = keptQuestion.query
    .split(' ')
    .filter((w) => !isFrame(w))
    .join(' ');
  const terms = index.terms(kept).filter((t) => !frames.has(t)).length;
  const read = () => {
    const known = contextOf(model, ctx.input, { ...keptQuestion, query, names: question.names, corrected: question.corrected || subjects > 0 || frames.size > 0 });
    const judged = judge(known);
    return judged ?? (tag ? { ...known, rulesOnly: true } : undefined);
  };
  const judge = (known: AnswerContext) => {
    const top = known.hits[0];
    // Unless the known words name a document whole ("what is limonene lowkey"), they must outnumber the longer strangers, counting only
    // those the best document has (and the word for the kind asked for): "what's the best pizza place" is not about a "place" in a study.
    // A catalog item the known words name by a word of its name that at most one other document has ("poster dimensions") answers with
    // what the catalog says of it, and the answer says it does not know the rest (withUnknownRest).
    const item = !!top && top.named && ITEM_KINDS.has(top.doc.kind) && top.matched.every((t) => index.documents(t) <= RARE);
    if (item && terms >= subjects) return known;
    // A last word no document has, after known words that are all in the names of a document of the program: what the service publishes
    // of that part of it answers ("mcp transport" is the MCP server's line, which says Streamable HTTP; "a2a compatibility" the agent card's).
    if (tag && top && ofProgram(top) && top.titled >= top.confidence && top.matched.length === terms) return known;
    // A longer stranger right before a word the best document, a catalog item, is filed under only says which of it is meant, and is no
    // subject of its own: "anything for complete beginners" (but "the best pizza place" is no "place" of the chemotherapy entry's).
    const modifiers =
      top && ITEM_KINDS.has(top.doc.kind)
        ? question.words.filter((w, i) => longer.includes(w) && top.keyed.includes(indexTerm(question.words[i + 1] ?? '') ?? '') && !isStranger(question.words[i + 1] ?? '')).length
        : 0;
    if (!top || (Math.min(terms, top.matched.length + (question.kind ? 1 : 0)) <= subjects - modifiers && !top.fullyNamed)) return undefined;
    // Without its frames, the rest of the question must name a document or clearly account for one.
    if (frames.size && !top.fullyNamed && top.confidence < CONFIDENT) return undefined;
    if (!strangers.size) return known;
    // Enough known words must remain for the usual rules to judge: a lone one must point at one document clearly ("how old is the ceo" is not
    // about the one passage that says "old"; one that asks for a kind of item narrows it: "videos on glassblowing rn"), two must be in the best document's names or keywords ("best team" is in none), three are enough.
    // Next to shorthand only, a lone known word as long as a subject, that only this document and at most one other use, is enough: "anything on glassblowing rn"
    // (an adverb in "-ly" says how, not what: "honestly how do i fix my car").
    // Of two known words, one the best document lacks and another document is named or filed under: that document is no answer, and only
    // the rules read what is left ("job openings at the channel" is no more about the message channel than about the open tasks; "wats on
    // air rn" is still the schedule's).
    const lacksTitled = known.question.query.split(' ').some((w) => {
      const t = indexTerm(w);
      return t !== null && !frames.has(t) && !top.matched.includes(t) && index.titles(t).length > 0;
    });
    const long =
      terms === 1 && !subjects && known.question.words.some((w) => w.length >= LONG_WORD && !w.endsWith('ly') && top.matched.includes(indexTerm(w) ?? '')) && index.documents(top.matched[0]) <= RARE;
    return terms >= 3 || long || top.fullyNamed || top.confidence >= (known.question.kind ? CONFIDENT : KNOWN_ONLY) || (terms === 2 && top.named && !lacksTitled)
      ? known
      : terms === 2 && top.named
        ? { ...known, rulesOnly: true }
        : undefined;
  };
  return { read, shorthand: !subjects || !!question.kind };
}

/**
 * The agent a question that counts actions names ("if tiny-crawler does 4 promotes"), or that asks how many of an action take it to a
 * tier ("how many promotes does pixel-fox need to reach gold"): what they add starts from its points.
 */
async function namedAgent(ctx: AnswerContext, program: ProgramSnapshot | undefined) {
  const { question } = ctx;
  if (!program || !(countsActions(ctx) || (question.tiers.length && question.actions.length))) return undefined;
  for (const c of ctx.question.names) {
    const agent = await program.findAgent(c.name);
    if (agent) return { name: agent.name, points: agent.points };
  }
  return undefined;
}

/**
 * Answers that list catalog items or knowledge entries: what they say of an item or a compound is all the service publishes
 * of it (so is the site's overview of the brand).
 */
const LISTING_INTENTS = new Set(['shop', 'videos', 'podcast', 'knowledge']);
/** Documents that are catalog items. */
const ITEM_KINDS = new Set(['product', 'video', 'episode']);

/**
 * Words that ask how an item did with its audience: views, likes, downloads, listeners, ratings, sales, comments, popularity.
 * The catalog publishes none of it, so a list of items is no answer to them: "what's your most watched video", "which clip has the
 * most likes", "best selling product".
 */
const AUDIENCE = new Set(
  'views viewed viewers watched likes liked dislikes disliked downloads downloaded listens listened listeners ratings rated reviews reviewed popular popularity bestseller bestsellers sales subscribers audience comments commented'.split(
    ' ',
  ),
);
/** How well an item sells, asked with the verb: "which item sells the most", "what sold best" (not "sold out", nor "do you sell the mug"). */
const SELLS = /^(sells?|sold|selling)$/;
const SELLS_MOST = /^(most|best|fastest|well|better)$/;
const asksAudience = (written: string[], i: number) =>
  AUDIENCE.has(written[i]) ||
  (written[i] === 'selling' && /^(best|top)$/.test(written[i - 1] ?? '')) ||
  (SELLS.test(written[i]) && (SELLS_MOST.test(written[i + 1] ?? '') || (written[i + 1] === 'the' && written[i + 2] === 'most')));

/**
 * Words that ask for someone's taste: a favourite, what one likes or loves best. No item publishes anyone's opinion of another
 * ("which episode does chef mara like best", "what's juniper's favourite video"); a title that has the word says it of itself.
 */
const FAVOURITE = /^(favou?rites?|faves?)$/;
const LIKES = /^(like|likes|liked|love|loves|loved|enjoy|enjoys|enjoyed|prefer|prefers|preferred)$/;
const asksTaste = (written: string[], i: number) => FAVOURITE.test(written[i]) || (/^(best|most)$/.test(written[i]) && LIKES.test(written[i - 1] ?? ''));

/**
 * An answer for a question that also asks about something no document has (a word of more than four letters the corpus lacks:
 * "is the logo mug microwave safe", "shipping to canada for the tote", "which terpene gives mangoes their smell", "do legend
 * agents get a cash payout"): what it says is what is known, and it says it does not know the rest and where a person may.
 */
/** The words that ask for a name. */
const NAME_ASKS = new Set(['name', 'named', 'called', 'who']);
const INDEFINITE = new Set(['a', 'an']);

/**
 * Whether a text brings in `term` (a word's index term) only as someone or something unnamed: every time after "a" or "an" at most
 * three words before it, and never next to a capitalised word that is no sentence's first ("a fictional museum curator", not "host
 * Juniper Vale" or "Dr. Ines Marlowe, a chemist").
 */
export function unnamedIn(text: string, term: string | null): boolean {
  if (term === null) return false;
  const parts = text.match(/[\p{L}\p{N}'’]+|[.!?]/gu) ?? [];
  const capitalised = (k: number) => k > 0 && /^\p{Lu}/u.test(parts[k] ?? '') && !/^[.!?]$/.test(parts[k - 1]);
  let seen = false;
  for (let k = 0; k < parts.length; k++) {
    if (indexTerm(parts[k].toLowerCase()) !== term) continue;
    seen = true;
    const before = parts.slice(Math.max(0, k - 3), k).map((p) => p.toLowerCase());
    if (!before.some((p) => INDEFINITE.has(p)) || capitalised(k - 1) || capitalised(k + 1) || capitalised(k)) return false;
  }
  return seen;
}

function withUnknownRest(ctx: AnswerContext, answer: Answer): Answer {
  const overview = answer.sources[0]?.url === `${ctx.base}/llms.txt`;
  const listing = LISTING_INTENTS.has(answer.intent) || overview;
  if (answer.reply.includes("don't know") || answer.intent === 'unknown') return answer;
  // The question as written: a reading without its strangers has lost them.
  const names = new Set(ctx.question.names.filter((n) => n.handleLike).map((n) => n.name.toLowerCase()));
  // The place a schedule answer told its times in is known: "myth busters night in new york time".
  // So are the words of the clock it read: "at midnight tonight".
  if (answer.intent === 'schedule') for (const w of [...(askerZone(wordsWritten(ctx.input))?.words ?? []), ...CLOCK_WORDS, ...DATE_WORDS, 'weekday', 'weekdays', 'weekend', 'weekends']) names.add(w);
  // So are the words that left something out of a list ("everything under $20 except the stickers").
  if (ctx.question.excluding) for (const w of EXCLUDING_WORDS) names.add(w);
  // And the month a list of videos or episodes was dated by: "released in october", "last month's episodes".
  if ((answer.intent === 'videos' || answer.intent === 'podcast') && monthOfQuestion(ctx)) for (const w of [...MONTHS, 'month', 'came', 'released', 'posted', 'uploaded']) names.add(w);
  // The site's overview is named by the site's name, and says nothing of the question's other words either: "who founded canopy cove tv".
  // Named in part too: "canopy cove" is the brand ("how many people work at canopy cove").
  const site = overview ? ctx.hits.find((h) => h.doc.url === answer.sources[0].url && (h.fullyNamed || h.titled > 0)) : undefined;
  const unsaid = (term: string | null) => !!site && term !== null && !site.matched.includes(term);
  // A word read as the service's own ("cheaper" as price) is known.
  // A word the corpus has, but none of the documents the answer cites, and rare (a subject, not a word of asking), is unknown too.
  const cited = new Set(answer.sources.map((s) => s.url));
  const answered = ctx.hits.filter((h) => cited.has(h.doc.url));
  const uncovered = (t: string | null) => t !== null && ctx.index.documents(t) > 0 && ctx.index.documents(t) <= RARE && !answered.some((h) => h.matched.includes(t));
  // In the shop's answer, a word a rule of the program is filed under, that no product and no document of the shop has, asks about a
  // rule the shop does not publish: "a return policy for the mug" (the rate-limit policy's word).
  const ruleWord = (w: string) => {
    const t = indexTerm(w);
    // Only a word some document is named or filed under can be a rule's: the others need no search.
    if (t === null || !ctx.index.titles(w).length) return false;
    const hits = ctx.index.search(t);
    return hits.some((h) => ofProgram(h) && h.keyed.includes(t)) && !hits.some((h) => h.doc.kind === 'product' || h.doc.url.includes('/shop'));
  };
  const unsold = (w: string) => answer.intent === 'shop' && !synonymsOf(w) && ruleWord(w);
  // A word no document has is unknown whatever answers (a tier's "cash payout", an entry's "doctor"), but in a refusal to give an
  // amount, whose words ("milligrams") are what it declines.
  const stranger = (w: string) => answer.intent !== 'dosing' && ctx.index.strangers(w).length > 0 && !synonymsOf(w);
  const unknown = (w: string) => stranger(w) || (listing && (unsaid(indexTerm(w)) || unsold(w))) || uncovered(indexTerm(w));
  // A word no document has right before one the answer's document is filed under says which of it the question means, whatever its length: "gift cards".
  const written = wordsWritten(ctx.input);
  const modifies = (w: string, i: number) => ctx.index.strangers(w).length > 0 && !synonymsOf(w) && answered.some((h) => h.keyed.includes(indexTerm(written[i + 1] ?? '') ?? ''));
  // In a listing, the word right after "who" is the role asked for; when no cited document has it, the items do not say who: "who directed ...".
  const role = (w: string, i: number) => listing && written[i - 1] === 'who' && !answered.some((h) => h.matched.includes(indexTerm(w) ?? ''));
  // Asked for a name, a person or thing the documents cited bring in only as "a ..." and never name is not named by them: "what is
  // the name of the gardener in the balcony video" (of "a fictional apartment gardener"), "chef mara's family restaurant".
  const asksName = written.some((w) => NAME_ASKS.has(w));
  // A word of a cited title names which item is asked about ("who is the chef in kitchen table stories").
  const titled = new Set(answered.flatMap((h) => tokens(h.doc.title).map(indexTerm)));
  const unnamed = (w: string) => asksName && !titled.has(indexTerm(w)) && answered.some((h) => h.doc.kind !== 'program' && unnamedIn(h.doc.text, indexTerm(w)));
  // A short word some document has is no chat shorthand: rare and in none the answer cites, it is asked about too ("how old is the host").
  // A word the answer says itself is answered ("the longest slot runs 8 h" for "the longest time slot", "its items separately" for a
  // bundle's saving); but not one of the titles it cites, which say words by chance ("Market Watch").
  // The leaderboard ranks agents by points: asked who is most popular, of no agent, it does not say ("who is the most popular host").
  const ofAgents = / (agent|agents|bot|bots|leaderboard|promoter|promoters|points|rank|ranked|ranking|tier) /.test(ctx.question.text);
  const audienceOf = listing || (answer.intent === 'leaderboard' && !ofAgents);
  // A listing answers the word that orders it ("your latest video" is told the newest videos).
  const orders = (w: string) => listing && (NEWEST.includes(w) || OLDEST_TERMS.includes(w));
  // Asked whether they can do something with a show, other than watch or find it, the asker asks what the schedule does not say,
  // whatever the word's length or how many documents have it: "can i record winter beds", "can i tape the harvest marathon".
  const doneWithShow = (w: string, i: number) => answer.intent === 'schedule' && /^(can|could)$/.test(written[i - 2] ?? '') && /^(i|we)$/.test(written[i - 1] ?? '') && !VIEWING_VERBS.has(w);
  const untitled = answer.sources.reduce((reply, s) => reply.split(s.title).join(' '), answer.reply);
  const said = new Set(words(normalise(untitled)));
  const rest = written.filter(
    (w, i) =>
      /^\p{L}+$/u.test(w) &&
      !names.has(w) &&
      !orders(w) &&
      ((!said.has(w) &&
        ((w.length > SHORT_WORD && (unknown(w) || role(w, i))) || doneWithShow(w, i) || (w.length >= 3 && uncovered(indexTerm(w))) || modifies(w, i) || (audienceOf && asksAudience(written, i)))) ||
        (w.length > SHORT_WORD && unnamed(w)) ||
        (listing && asksTaste(written, i) && !titled.has(indexTerm(w)))),
  );
  if (!rest.length) return answer;
  return makeAnswer(
    answer.intent,
    `${answer.reply} That is all the service publishes about it: I don't know more about "${rest.join(' ')}" than that; for more, write to the team with POST ${ctx.base}/api/public/ai/message.`,
    [...answer.sources, ctx.api('/api/public/ai/message', 'Message channel')],
    answer.suggestions,
  );
}

/**
 * The words of a question corrected into a word at most one document uses that no document accounting for half the question has:
 * no typo of that word but a thing no document knows ("who won the super bowl" is no "supper bowel").
 */
function miscorrected(ctx: AnswerContext): string[] {
  const written = new Set(ctx.question.asWritten);
  const confirmed = (t: string) => ctx.hits.some((h) => h.confidence >= CONFIDENT && h.matched.includes(t));
  return ctx.question.words
    .filter((w) => !written.has(w))
    .map(indexTerm)
    .filter((t): t is string => t !== null && ctx.index.documents(t) <= 1 && !confirmed(t));
}

async function compose(ctx: AnswerContext, program: ProgramSnapshot | undefined): Promise<Answer | undefined> {
  const answer = await composeAnswer(ctx, program);
  return answer && withUnknownRest(ctx, acrossKinds(ctx, answer));
}

/** Words that ask where a video is on the schedule: the show, the slot, when it airs or plays. */
const ASKS_SLOT = / (shows?|slots?|airs?|aired|airing|plays?|played|playing|broadcasts?|schedule|scheduled|programme|program) /;
/** The kinds of item a question names beyond its answer's, by the words that name them, with the answer's intent that already is of that kind. */
const OTHER_KINDS: Array<{ word: RegExp; kinds: Array<Doc['kind']>; intent: string; noun: string }> = [
  { word: / videos? /, kinds: ['video'], intent: 'videos', noun: 'video' },
  { word: / (podcast|radio) episodes?| episodes? (of|on) the (podcast|radio)| (podcast|radio) | episodes? /, kinds: ['episode'], intent: 'podcast', noun: 'podcast episode' },
  { word: / (knowledge|glossary) (entry|entries|base|article|articles) /, kinds: ['knowledge'], intent: 'knowledge', noun: 'knowledge entry' },
];
/** What an item of another kind must account for of the question to be about the same subject. */
const SAME_SUBJECT = 0.3;

/**
 * A question that crosses the catalog's kinds is told of each kind it names: an entry, a video or an episode answered, and the
 * question names another kind ("the decarboxylation entry, is there a video about it too", "chef mara is in the videos, is she
 * on the podcast too"): the items of that kind about the same subject, or that no item of it is (and who to ask). A video
 * answered and the schedule asked of ("which show plays the mocktails video"): the slots that play the videos it names.
 */
function acrossKinds(ctx: AnswerContext, answer: Answer): Answer {
  const text = ` ${ctx.question.asWritten.join(' ')} `;
  // The schedule asked which of its shows play a category's videos ("which shows play the science videos"): the slots of that category.
  const category = ctx.hits.find((h) => h.doc.kind === 'category' && h.fullyNamed);
  if (answer.intent === 'schedule' && category && / videos? /.test(text) && ASKS_SLOT.test(text)) {
    const slots = ctx.catalog.schedule.slots.filter((s) => s.category === category.doc.ref && s.videoId);
    if (slots.length)
      return makeAnswer(
        answer.intent,
        `${answer.reply.trim()} The shows that play ${category.doc.title} videos: ${slots.map((s) => `${s.title} (${capitalise(s.day)} ${s.start}-${s.end})`).join('; ')}.`,
        answer.sources,
        answer.suggestions,
      );
  }
  if (!['videos', 'podcast', 'knowledge'].includes(answer.intent)) return answer;
  const added: string[] = [];
  const sources: Source[] = [];
  for (const other of OTHER_KINDS) {
    if (other.intent === answer.intent || !other.word.test(text)) continue;
    // The subject is what the answer's own item matched of the question ("limonene" of "is the limonene entry linked to any video").
    const own = ctx.hits.find((h) => ['video', 'episode', 'knowledge', 'passage', 'clip'].includes(h.doc.kind));
    const subject = own && own.confidence >= SAME_SUBJECT ? own.matched.join(' ') : ctx.question.query;
    const found = ctx.index.search(subject, { kinds: other.kinds }).filter((h) => h.confidence >= SAME_SUBJECT);
    const best = closest(found);
    const same = found.filter((h) => best && h.confidence >= 0.85 * best.confidence).slice(0, 3);
    if (same.length) {
      added.push(`${same.length > 1 ? `${capitalise(other.noun)}s` : `The ${other.noun}`} about it: ${same.map((h) => h.doc.title).join('; ')}.`);
      sources.push(...same.map((h) => ({ title: h.doc.title, url: h.doc.url })));
    } else {
      added.push(`No ${other.noun} is about it; I don't know more about it than that; for anything else, write to the team with POST ${ctx.base}/api/public/ai/message.`);
      sources.push(ctx.api('/api/public/ai/message', 'Message channel'));
    }
  }
  const videoIds = answer.sources.map((s) => /\/api\/public\/videos\/([\w-]+)$/.exec(s.url)?.[1]).filter((id): id is string => !!id);
  if (answer.intent === 'videos' && ASKS_SLOT.test(text) && videoIds.length && videoIds.length <= 3) {
    const slots = ctx.catalog.schedule.slots.filter((s) => s.videoId && videoIds.includes(s.videoId));
    const title = (id: string) => ctx.catalog.videos.find((v) => v.id === id)?.title ?? id;
    if (slots.length)
      added.push(`On the schedule (${ctx.catalog.schedule.timeZone} time): ${slots.map((s) => `${s.title}, ${capitalise(s.day)} ${s.start}-${s.end}, plays ${title(s.videoId!)}`).join('; ')}.`);
  }
  // Videos publish no transcript (episodes may): asked for a video's, the answer says so, and who to ask.
  if (answer.intent === 'videos' && / videos? /.test(text) && ctx.question.stems.has('transcript')) {
    const withOne = ctx.catalog.podcast.episodes.filter((e) => e.transcriptUrl).map((e) => e.title);
    added.push(
      `Videos publish no transcript (of the podcast's episodes, these do: ${withOne.join('; ')}); I don't know more about it than that; for anything else, write to the team with POST ${ctx.base}/api/public/ai/message.`,
    );
    sources.push(ctx.api('/api/public/ai/message', 'Message channel'));
  }
  if (!added.length) return answer;
  const kept = sources.filter((s) => !answer.sources.some((a) => a.url === s.url));
  return makeAnswer(answer.intent, `${answer.reply.trim()} ${added.join(' ')}`, [...answer.sources, ...kept], answer.suggestions);
}

async function composeAnswer(ctx: AnswerContext, program: ProgramSnapshot | undefined): Promise<Answer | undefined> {
  const { question, hits } = ctx;
  // A question about a thing no document knows, with a word of it corrected into another, is not understood: no rule reads
  // it as one of ours ("how do i cancel my netflix" is not about cancer, "who won the superbowl" not about who owns what).
  // So is one with a word corrected into a rare word no close document has, after an article ("who won the super bowl" is no "supper
  // bowel"); after "my" it is the asker's own ("my sons seizures" read as "my sous" is still about seizures).
  // A tier named as other programs name theirs is no stranger: there is no such tier, and the ladder says which there are.
  const noSuchTier = unknownTierAnswer(ctx);
  if (noSuchTier) return noSuchTier;
  if (question.corrected && (namesStranger(question.words, new Set(ctx.index.strangers(question.query)), true) || namesStranger(question.words, new Set(miscorrected(ctx))))) return smallTalk(ctx);
  // A question that names a kind of item ("list every podcast episode") is about that kind, unless it names the leaderboard whole.
  const leaderboardFirst = hits[0]?.doc.kind === 'program' && hits[0].doc.ref === 'leaderboard' && hits[0].confidence >= CONFIDENT && (!question.kind || hits[0].fullyNamed);
  const errorCode = errorCodeAnswer(ctx);
  return (
    smallTalk(ctx) ??
    (asksDosing(ctx) ? dosingAnswer(ctx) : undefined) ??
    categoryDays(ctx) ??
    // Videos or episodes of a month ("last month's podcast episodes") are asked for by date: "month" is no subject ("three months" of pain).
    ((question.kind === 'video' || question.kind === 'episode') && monthOfQuestion(ctx) ? KIND_ANSWER[question.kind](ctx) : undefined) ??
    // A count of a kind of item published ("how many videos has Canopy Cove TV published to date", "how many clips are there so far") is
    // that kind's listing, which counts them, whatever else the question names: the brand, the asker's purpose ("for a piece i am writing").
    (question.kind && COUNT_OF_KIND.test(question.text) && !question.actions.length && !question.tiers.length ? KIND_ANSWER[question.kind](ctx) : undefined) ??
    membersAnswer(ctx) ??
    entriesMentioning(ctx) ??
    // An error the API answers with, named by its code or received by its status ("after a 429 how long should my script sleep"), makes
    // the question the API's: a health word in it is about the asker's code.
    (asksHealth(ctx) && !errorCode ? healthAnswer(ctx) : undefined) ??
    quotedEndpoint(ctx) ??
    endpointFields(ctx) ??
    errorCode ??
    reputationScore(ctx) ??
    (await placeWithPoints(ctx, program)) ??
    tierArithmetic(ctx, await namedAgent(ctx, program)) ??
    actionWorth(ctx) ??
    // The next video or episode to come out is no show on air: "when is the next episode".
    upcomingAnswer(ctx) ??
    scheduleExtremes(ctx) ??
    (await liveAnswer(ctx, program, leaderboardFirst)) ??
    availableBy(ctx) ??
    (asksSchedule(ctx)
      ? scheduleAnswer(
          ctx,
          hits.find((h) => h.doc.kind === 'slot' || h.doc.kind === 'special'),
        )
      : undefined) ??
    (ctx.rulesOnly ? undefined : retrieved(ctx))
  );
}
