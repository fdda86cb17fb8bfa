/**
 * Answers about the 24/7 schedule at the `now` the caller passes: what is on now and next, or at a
 * time ("at 9pm tonight", "sunday at noon"), the rest of today or tonight, a weekday's or
 * tomorrow's lineup, when a show airs, and the announced specials. It uses the same functions as
 * GET /api/public/schedule (src/catalog/schedule.ts), so a special the public schedule does not
 * show yet is never told.
 */
import { localWeekMinute, nowAndNext, publicSpecials, weeklyGrid } from '../catalog/schedule.ts';
import { weekdays } from '../schemas/content.ts';
import type { Answer, AnswerContext, Hit, Source } from './answer-types.ts';
import { capitalise, localDateTime, sentence } from './answer-format.ts';
import type { Weekday } from './question.ts';
import { indexTerm, words, wordsWritten } from './text.ts';

type Slot = ReturnType<typeof weeklyGrid>[number];

/** Words that say when, not what, or that a show is one ("the history programmes"): left out when the rest of a question names a show. */
const TIME_WORDS = new Set([
  'now',
  'next',
  'tonight',
  'today',
  'tomorrow',
  'later',
  'air',
  'airs',
  'airing',
  'show',
  'shows',
  'program',
  'programs',
  'programme',
  'programmes',
  'on',
  'start',
  'starts',
  'schedule',
]);

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** A time of day the question names, in minutes: "9pm", "9:30 pm", "21:00", "noon", "midnight". */
function clockOf(text: string): number | undefined {
  if (/ noon | midday /.test(text)) return 12 * 60;
  if (/ midnight /.test(text)) return 0;
  const m = / (\d{1,2})(?: (\d{2}))? ?(am|pm) | (\d{1,2}) (\d{2}) /.exec(text);
  if (!m) return undefined;
  const hour = (Number(m[1] ?? m[4]) % 12) + (m[3] === 'pm' ? 12 : 0);
  return (m[4] ? Number(m[4]) : hour) * 60 + Number(m[2] ?? m[5] ?? 0);
}

/** The question's words that only specials not yet announced have: what they are is not told before their announcement. */
function unannouncedWords(ctx: AnswerContext, announced: Set<string>): string[] {
  const hidden = (term: string | null) => {
    const found = term ? ctx.index.search(term) : [];
    return found.length > 0 && found.every((h) => h.doc.kind === 'special' && !announced.has(h.doc.ref));
  };
  return ctx.question.words.filter((w) => hidden(indexTerm(w)));
}

const WEEK = 7 * 24 * 60;

/** The places the IANA database names time zones by ("tokyo", "new york"), each with its zone, and UTC. */
let places: Map<string, string> | undefined;
/** Places named by everyday words, which a question means as the words: "at easter time", "my wake time", "in the center". */
const EVERYDAY = new Set(['easter', 'wake', 'center', 'midway', 'troll']);

/**
 * The time zone a question names as the asker's own: a place the IANA database names a zone by, after "in" or before "time"
 * ("what's on now in tokyo", "new york time"), with the words that name it. Not the schedule's own zone.
 */
export function askerZone(written: readonly string[], scheduleZone?: string): { zone: string; words: string[] } | undefined {
  places ??= new Map([
    ...Intl.supportedValuesOf('timeZone')
      .map((z): [string, string] => [z.split('/').at(-1)!.replaceAll('_', ' ').toLowerCase(), z])
      .filter(([place]) => !EVERYDAY.has(place)),
    ['utc', 'UTC'],
  ]);
  const text = ` ${written.join(' ')} `;
  let found: [string, string] | undefined;
  for (const [place, zone] of places) {
    // "new jersey time" is no Jersey's, though "new york time" is New York's.
    const named = (text.includes(` in ${place} `) || text.includes(` ${place} time `)) && !text.includes(` new ${place} `);
    if (named && place.length > (found?.[0].length ?? 0)) found = [place, zone];
  }
  return found && found[1] !== scheduleZone ? { zone: found[1], words: found[0].split(' ') } : undefined;
}

/** A week's minute in one zone as another's: "Wednesday 20:00" of Los Angeles is "Wednesday 23:00" of New York, at the offsets of `now`. */
function weekClock(minute: number, from: string, to: string, now: Date): string {
  const at = (zone: string) => {
    const m = localWeekMinute(now, zone);
    return m.day * 24 * 60 + m.minute;
  };
  const shifted = (((minute + at(to) - at(from)) % WEEK) + WEEK) % WEEK;
  const clock = shifted % (24 * 60);
  return `${capitalise(weekdays[Math.floor(shifted / (24 * 60))])} ${String(Math.floor(clock / 60)).padStart(2, '0')}:${String(clock % 60).padStart(2, '0')}`;
}

/** The day a question names from today: "the day after tomorrow" 2 days on, "tomorrow" 1, "yesterday" and "last night" 1 back. */
export function dayShift(text: string): number | undefined {
  if (/ day after tomorrow /.test(text)) return 2;
  if (/ tomorrow /.test(text)) return 1;
  if (/ (yesterday|last night) /.test(text)) return -1;
  return undefined;
}

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** Days of the year named by what they are: "christmas morning", "new year's eve". */
const NAMED_DAYS: Array<[RegExp, number, number]> = [
  [/ christmas eve /, 12, 24],
  [/ christmas /, 12, 25],
  [/ new years?(?: s)? eve /, 12, 31],
  [/ new years?(?: s)? day /, 1, 1],
  [/ halloween /, 10, 31],
  [/ valentines?(?: s)? day /, 2, 14],
];
/** The words of the dates `dateNamed` reads, which no document need have. */
export const DATE_WORDS = ['christmas', 'eve', 'halloween', 'valentines', 'valentine', ...MONTH_NAMES];
const MONTH_DAY = new RegExp(` (?:(${MONTH_NAMES.join('|')}) (\\d{1,2})(?:st|nd|rd|th)?|(\\d{1,2})(?:st|nd|rd|th)? (?:of )?(${MONTH_NAMES.join('|')})) `);

/**
 * The date a question names ("christmas morning", "new year's eve", "december 25", "the 31st of december"), as its next day on or
 * after today in the schedule's zone: its weekday and ISO date. Undefined when it names none.
 */
export function dateNamed(text: string, now: Date, timeZone: string): { day: Weekday; date: string } | undefined {
  let month: number | undefined;
  let date: number | undefined;
  // A day named by what it is names a date after a word that dates ("on christmas morning"), not as a thing's kind ("the christmas cookie one").
  const named = NAMED_DAYS.find(([re]) => new RegExp(` (?:on|for|this|next|over|at|by|until|till|before|after)${re.source}`).test(text));
  if (named) [, month, date] = named;
  else {
    const m = MONTH_DAY.exec(text);
    // "may 5" is a date; "may" alone is a verb, and "june" with no day a month.
    if (m) [month, date] = [MONTH_NAMES.indexOf(m[1] ?? m[4]) + 1, Number(m[2] ?? m[3])];
  }
  if (!month || !date || date > 31) return undefined;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  let year = Number(today.slice(0, 4));
  const iso = (y: number) => `${y}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  if (iso(year) < today) year += 1;
  const at = new Date(`${iso(year)}T12:00:00Z`);
  if (at.getUTCDate() !== date) return undefined;
  return { day: weekdays[(at.getUTCDay() + 6) % 7], date: iso(year) };
}

/** The date the question names, read from its words as written: a reading without strangers has dropped "5th". */
export function dateOfQuestion(ctx: AnswerContext): ReturnType<typeof dateNamed> {
  return dateNamed(` ${wordsWritten(ctx.input).join(' ')} `, ctx.input.now, ctx.catalog.schedule.timeZone);
}

/** The stems of words that ask what follows a show: "after", "follows", "followed by", "finishes", "ends". */
const FOLLOWS = ['after', 'follow', 'finish', 'end'];

export function scheduleAnswer(ctx: AnswerContext, hit?: Hit): Answer {
  const { catalog, base, api, question, input } = ctx;
  const text = question.text;
  const { timeZone } = catalog.schedule;
  const grid = weeklyGrid(catalog);
  const scheduleSource = api('/api/public/schedule', 'Programming schedule');
  const specials = publicSpecials(catalog, input.now);
  // The asker's own time zone, when the question names one: every time told is told in it too.
  const asker = askerZone(wordsWritten(input), timeZone)?.zone;
  const theirs = (start: string, end: string) => (asker ? `; ${localDateTime(start, asker)} to ${localDateTime(end, asker).slice(-5)} in ${asker} time` : '');
  const specialLine = (s: (typeof specials)[number]) =>
    `${s.title}, ${localDateTime(s.startsAt, timeZone)} to ${localDateTime(s.endsAt, timeZone).slice(-5)} (${timeZone} time${theirs(s.startsAt, s.endsAt)}): ${sentence(s.description)}`;
  const weekMinute = (day: string, clock: string) => weekdays.indexOf(day as Weekday) * 24 * 60 + minutes(clock);
  const inTheirs = (slots: Slot[]) =>
    asker
      ? `; ${slots.map((s) => `${weekClock(weekMinute(s.day, s.start), timeZone, asker, input.now)}-${weekClock(weekMinute(s.day, s.end), timeZone, asker, input.now).slice(-5)}`).join(', ')} in ${asker} time`
      : '';
  const slotLine = (s: Slot) => `${s.start}-${s.end} ${s.title}`;
  const videoSources = (slots: Slot[]): Source[] => slots.filter((s) => s.videoUrl).map((s) => ({ title: s.title, url: s.videoUrl! }));
  const here = localWeekMinute(input.now, timeZone);
  const today = weekdays[here.day];
  const suggestions = ["What's on tonight?", 'Any specials coming up?'];
  const answer = (reply: string, sources: Source[], more = suggestions) => ctx.answer('schedule', reply, sources, more);

  // Asked whether the times are the asker's own ("in my local time"), with no time or day to tell, the answer is the zone they are in.
  const ownTime =
    / (local|my) time /.test(text) &&
    !/ (now|next|on|tonight|today|tomorrow|yesterday|airs?|airing|start|starts|when) /.test(text) &&
    clockOf(` ${question.asWritten.join(' ')} `) === undefined &&
    !question.days.length;
  if (/ (time ?zone|timezone) /.test(text) || ownTime) {
    const yours = asker ? ` It is now ${localDateTime(input.now.toISOString(), timeZone)} there and ${localDateTime(input.now.toISOString(), asker)} in ${asker} time.` : '';
    return answer(`The schedule runs in ${timeZone} time: every start and end time in GET ${base}/api/public/schedule is local to ${timeZone}, and specials carry ISO 8601 UTC instants.${yours}`, [
      scheduleSource,
    ]);
  }
  // A date the question names ("christmas morning", "new year's eve") is its weekday's lineup, with the specials on that date.
  const dated = dateOfQuestion(ctx);
  const onDate = dated ? specials.filter((s) => localDateTime(s.startsAt, timeZone).includes(dated.date)) : [];
  // A show or special is meant when the question uses its name, not a word of its description; a special on another date than the one named is not.
  if (hit?.doc.kind === 'special' && (hit.titled >= 0.5 || hit.fullyNamed) && (!dated || onDate.some((s) => s.id === hit.doc.ref))) {
    const s = specials.find((x) => x.id === hit.doc.ref);
    if (s) return answer(`${specialLine(s)}.`, [scheduleSource]);
  }
  // The time as written: a spelling correction may have made "noon" "now".
  const clock = clockOf(` ${question.asWritten.join(' ')} `);
  // A day in the name of the show the question names whole is part of its name, not a day asked about: "when is friday bake on".
  const inName = hit?.doc.kind === 'slot' && hit.fullyNamed ? words(hit.doc.ref.toLowerCase()) : [];
  const asked = question.days.filter((d) => !inName.includes(d));
  const shift = dayShift(text);
  const days: Weekday[] = asked.length ? asked : dated ? [dated.day] : shift !== undefined ? [weekdays[(here.day + shift + 7) % 7]] : / weekend /.test(text) ? ['saturday', 'sunday'] : [];
  if (hit?.doc.kind === 'slot' && hit.fullyNamed && !days.length && clock === undefined) {
    const airings = grid.filter((s) => s.title === hit.doc.ref);
    if (FOLLOWS.some((s) => question.stems.has(s)) || / what (is|comes) next /.test(text)) {
      // What follows the show: the slot that starts as each airing ends.
      const next = airings.map((a) => grid[(grid.indexOf(a) + 1) % grid.length]);
      return answer(`After ${hit.doc.ref} (${timeZone} time): ${airings.map((a, i) => `on ${capitalise(a.day)} at ${a.end}, ${next[i].title} (${next[i].start}-${next[i].end})`).join('; ')}.`, [
        scheduleSource,
        ...videoSources(next).slice(0, 2),
      ]);
    }
    return answer(
      `${hit.doc.ref} airs ${airings.map((s) => `${capitalise(s.day)} ${s.start}-${s.end}`).join(', ')} (${timeZone} time${inTheirs(airings)})${airings[0].description ? `: ${sentence(airings[0].description)}` : ''}.`,
      [scheduleSource, ...videoSources(airings.slice(0, 1))],
    );
  }
  // A time the question gives in the asker's zone is that zone's, on its day ("3am tomorrow my time" in London; a small hour "tonight" is after midnight): told as the schedule's.
  if (clock !== undefined && asker) {
    const theirDay = localWeekMinute(input.now, asker).day;
    const day = asked.length ? weekdays.indexOf(asked[0]) : theirDay + (/ tomorrow /.test(text) || (/ tonight /.test(text) && clock < 6 * 60) ? 1 : 0);
    const at = ((((day % 7) * 24 * 60 + clock) % WEEK) + WEEK) % WEEK;
    const ours = weekClock(at, asker, timeZone, input.now);
    const [oursDay, oursClock] = ours.toLowerCase().split(' ');
    const slot = grid.find((s) => s.day === oursDay && minutes(s.start) <= minutes(oursClock) && minutes(oursClock) < minutes(s.end));
    if (slot) {
      return answer(
        `At ${weekClock(at, asker, asker, input.now).replace(/(\w+) (.+)/, '$2 on $1')} in ${asker} time (${ours.replace(/(\w+) (.+)/, '$2 on $1')}, ${timeZone} time): ${slot.title}, ${slot.start}-${slot.end}${slot.description ? ` (${sentence(slot.description)})` : ''}.`,
        [scheduleSource, ...videoSources([slot])],
      );
    }
  }
  if (clock !== undefined) {
    // A small hour "tonight" is after midnight: "at midnight tonight" is tomorrow's 00:00.
    const day = days[0] ?? (/ tonight /.test(text) && clock < 6 * 60 ? weekdays[(here.day + 1) % 7] : today);
    const slot = grid.find((s) => s.day === day && minutes(s.start) <= clock && clock < minutes(s.end));
    if (slot) {
      return answer(
        `At ${String(Math.floor(clock / 60)).padStart(2, '0')}:${String(clock % 60).padStart(2, '0')} on ${capitalise(day)} (${timeZone} time): ${slot.title}, ${slot.start}-${slot.end}${slot.description ? ` (${sentence(slot.description)})` : ''}.`,
        [scheduleSource, ...videoSources([slot])],
      );
    }
  }
  // A show named by its title as written, with a day, asks whether it airs then ("Morning Garden airs on wednesday mornings?"): its
  // airings that day, or that it does not air that day and when it does. Its words apart name no show ("the kitchen show on saturday morning").
  const follows = FOLLOWS.some((s) => question.stems.has(s)) || / (what|which) (is|comes) next /.test(text);
  const titled = hit?.doc.kind === 'slot' && ` ${question.asWritten.join(' ')} `.includes(` ${words(hit.doc.ref.toLowerCase()).join(' ')} `);
  if (hit && titled && days.length && clock === undefined && !follows) {
    const airings = grid.filter((s) => s.title === hit.doc.ref);
    const then = airings.filter((s) => days.includes(s.day as Weekday));
    const when = (slots: Slot[]) => slots.map((s) => `${capitalise(s.day)} ${s.start}-${s.end}`).join(', ');
    const lead = then.length ? `${hit.doc.ref} airs ${when(then)}` : `${hit.doc.ref} does not air on ${days.map(capitalise).join(' or ')}: it airs ${when(airings)}`;
    const told = then.length ? then : airings;
    return answer(`${lead} (${timeZone} time${inTheirs(told)})${told[0].description ? `: ${sentence(told[0].description)}` : ''}.`, [scheduleSource, ...videoSources(told.slice(0, 1))]);
  }
  if (days.length) {
    // Shows the question leaves out ("on tuesday that is not news"): those of the categories, or with the titles, its words find.
    const parts = (question.excluding ?? '').split(/ (?:or|and|nor) |, /).filter((p) => ctx.index.terms(p).length);
    const out = new Set(
      parts.flatMap((p) =>
        ctx.index
          .search(p, { kinds: ['category', 'slot'] })
          .filter((h) => h.confidence >= 0.4 && (h.named || h.doc.kind === 'category'))
          .map((h) => h.doc.ref),
      ),
    );
    const kept = (s: Slot) => !out.has(s.title) && !(s.category && out.has(s.category));
    const lines = days.map(
      (d) =>
        `${capitalise(d)}${out.size ? `, leaving out ${question.excluding}` : ''}: ${grid
          .filter((s) => s.day === d && kept(s))
          .map(slotLine)
          .join('; ')}`,
    );
    // Asked for specials on those days ("a live special this weekend"), the announced ones are told too, whichever day they are on.
    const asksSpecials = question.stems.has('special') || question.stems.has('live');
    const told = asksSpecials ? (specials.length ? ` Announced specials: ${specials.slice(0, 5).map(specialLine).join('; ')}.` : ' No special is announced right now.') : '';
    const when =
      dated && !asked.length ? ` ${dated.date} is a ${capitalise(dated.day)}${onDate.length ? `, with a special: ${onDate.map(specialLine).join('; ')}` : ''}; the weekly lineup holds.` : '';
    return answer(`The lineup (${timeZone} time).${when} ${lines.join('. ')}.${told}`, [scheduleSource, ...videoSources(grid.filter((s) => days.includes(s.day as Weekday) && kept(s))).slice(0, 3)]);
  }
  if (/ (today|tonight|this evening|later) /.test(text)) {
    const evening = / (tonight|this evening) /.test(text);
    const rest = grid.filter((s) => s.day === today && minutes(s.end) > here.minute && (!evening || minutes(s.end) > 17 * 60));
    return answer(`${evening ? 'Tonight' : 'Still to come today'} on ${catalog.site.name} (${capitalise(today)}, ${timeZone} time): ${rest.map(slotLine).join('; ')}.`, [
      scheduleSource,
      ...videoSources(rest).slice(0, 3),
    ]);
  }
  // Shows the question names in part ("when is the next harvest show?"): when each airs.
  const subject = question.query
    .split(' ')
    .filter((w) => !TIME_WORDS.has(w))
    .join(' ');
  // Asked when, a show is named by its title; asked whether there is one, a show is about the subject its title or description has ("is there a show about terpenes").
  const when = / (when|what time) /.test(text);
  const shows =
    when || / (is there|are there|any) (a |an |any )?(\w+ )?(shows?|programs?|programmes?) /.test(text)
      ? ctx.index.search(subject, { kinds: ['slot'] }).filter((h) => (when ? h.titled >= 0.5 : h.confidence >= 0.5))
      : [];
  if (shows.length) {
    const airs = (title: string) =>
      grid
        .filter((s) => s.title === title)
        .map((s) => `${capitalise(s.day)} ${s.start}-${s.end}`)
        .join(', ');
    return answer(
      `${shows
        .slice(0, 3)
        .map((h) => `${h.doc.ref}: ${airs(h.doc.ref)}`)
        .join('. ')} (${timeZone} time).`,
      [scheduleSource],
    );
  }

  const onAir = nowAndNext(catalog, input.now);
  const cur = onAir.now;
  const nxt = onAir.next;
  const wantsSpecials = question.stems.has('special') || question.stems.has('live');
  const special = cur.special ? ` Special right now: ${cur.special.title}.` : '';
  const hidden = wantsSpecials ? unannouncedWords(ctx, new Set(specials.map((s) => s.id))) : [];
  const unknown = hidden.length ? ` No announced special matches "${hidden.join(' ')}": I don't know of one.` : '';
  const upcoming = specials.length
    ? `${unknown} ${wantsSpecials ? 'Announced specials' : 'Coming specials'}: ${specials
        .slice(0, wantsSpecials ? 5 : 2)
        .map(specialLine)
        .join('; ')}.`
    : wantsSpecials
      ? ' No special is announced right now.'
      : '';
  // Asked how to learn of specials early, before their announcement: the tier-gated feed carries them from Silver on (docs/agents.md).
  const early =
    wantsSpecials && EARLY.test(` ${question.asWritten.join(' ')} `)
      ? ` Agents at Silver and above see specials early, before they are announced, in the tier-gated feed: GET ${base}/api/public/ai/feed.`
      : '';
  const sources: Source[] = [scheduleSource];
  if (cur.videoUrl) sources.push({ title: `Now: ${cur.title}`, url: cur.videoUrl });
  if (nxt.videoUrl) sources.push({ title: `Next: ${nxt.title}`, url: nxt.videoUrl });
  const nowLine = `${catalog.site.name} is on air 24/7; the schedule is at GET ${base}/api/public/schedule (no key needed). Now (${capitalise(onAir.localDay)} ${onAir.localTime}, ${onAir.timeZone} time${asker ? `; ${localDateTime(input.now.toISOString(), asker)} in ${asker} time` : ''}): ${cur.title}, ${cur.start}-${cur.end}${cur.description ? ` (${sentence(cur.description)})` : ''}.${special} Next: ${nxt.title} at ${nxt.start} on ${capitalise(nxt.day)}${nxt.description ? ` (${sentence(nxt.description)})` : ''}.`;
  return answer(wantsSpecials ? `${upcoming.trim()}${early} ${nowLine}` : `${nowLine}${upcoming}`, sources, ['Where are the feeds?', 'What videos are featured?']);
}

/** How a question asks to learn of specials ahead of everyone: "before they are announced", "early", "in advance". */
const EARLY = / (early|earlier|before|advance|ahead|sooner) /;

/** Words that ask about the schedule's shows and slots as a whole. */
const OF_SCHEDULE = / (schedule|lineup|show|shows|slot|slots|air|airs|aired|airing|broadcast) /;
/** How a question asks for the show that airs most, the day with the most or fewest shows, or the longest or shortest slot. */
const MOST_OFTEN = / (most often|most frequently|most times|the most airings|airs? the most) /;
const DAY_MOST = / (which|what) day (of the week )?(has|gets|with)( the)? (most|fewest|least) /;
const SLOT_LENGTH = / (longest|shortest) /;

/**
 * The schedule's superlatives, counted from the weekly grid: the show that airs most often ("Overnight Loops, 7 times a week"), the
 * day with the most or the fewest slots, the longest or shortest slot. None for a question that asks none of them.
 */
const ITEM_KINDS = new Set(['video', 'episode', 'clip']);

export function scheduleExtremes(ctx: AnswerContext): Answer | undefined {
  // As written: "slot" is no word of the documents, and would be corrected into "slow".
  const text = ` ${ctx.question.asWritten.join(' ')} `;
  // Items asked for by name are no slots: "show me the shortest video" asks for a video.
  if (!OF_SCHEDULE.test(text) || ITEM_KINDS.has(ctx.question.kind ?? '')) return undefined;
  const { catalog, api } = ctx;
  const { timeZone } = catalog.schedule;
  const grid = weeklyGrid(catalog);
  const source = api('/api/public/schedule', 'Programming schedule');
  const answer = (reply: string) => ctx.answer('schedule', reply, [source], ["What's on tonight?", 'Any specials coming up?']);
  const length = (s: Slot) => minutes(s.end) - minutes(s.start);
  const hours = (m: number) => (m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`).replace(/^0 h /, '');
  if (MOST_OFTEN.test(text)) {
    const times = new Map<string, Slot[]>();
    for (const s of grid) times.set(s.title, [...(times.get(s.title) ?? []), s]);
    const most = Math.max(...[...times.values()].map((v) => v.length));
    const shows = [...times].filter(([, v]) => v.length === most);
    return answer(
      `The show that airs most often: ${shows.map(([title, v]) => `${title}, ${v.length} times a week (${v.map((s) => `${capitalise(s.day)} ${s.start}-${s.end}`).join(', ')})`).join('; ')}, ${timeZone} time.`,
    );
  }
  const day = DAY_MOST.exec(text);
  if (day) {
    const counts = weekdays.map((d) => ({ d, n: grid.filter((s) => s.day === d).length }));
    const n = day[5] === 'most' ? Math.max(...counts.map((c) => c.n)) : Math.min(...counts.map((c) => c.n));
    const days = counts.filter((c) => c.n === n).map((c) => capitalise(c.d));
    return answer(
      `${days.join(' and ')} ${days.length > 1 ? 'have' : 'has'} the ${day[5] === 'most' ? 'most' : 'fewest'} slots: ${n} a day. The week: ${counts.map((c) => `${capitalise(c.d)} ${c.n}`).join(', ')}.`,
    );
  }
  const longest = SLOT_LENGTH.exec(text);
  if (longest && / (slot|slots|show|shows|block|program|programme) /.test(text)) {
    const want = longest[1] === 'longest' ? Math.max(...grid.map(length)) : Math.min(...grid.map(length));
    const slots = grid.filter((s) => length(s) === want);
    return answer(
      `The ${longest[1]} slot${slots.length > 1 ? 's run' : ' runs'} ${hours(want)}: ${slots.map((s) => `${s.title}, ${capitalise(s.day)} ${s.start}-${s.end}`).join('; ')} (${timeZone} time).`,
    );
  }
  return undefined;
}

/** How a question asks on which days something airs, or does not: "which days is science on", "what day of the week has no science". */
const WHICH_DAYS = / (which|what) days? (of the week )?(has|have|gets|get|is|are|does|do|with|without|carries|carry|airs?|shows?) /;
/** How a question asks when something is on over the week: "when is the news on", "what science is on during the week". */
const ON_WHEN = / when (is|are) (the )?\p{L}+ (shows? |programs? |programmes? |stuff )?on( |$)| (is|are) on (during|through|over|in|this|every|each|on) (the )?(week|weekdays)( |$)/u;

/**
 * The days a video category airs, and those it does not, from the weekly grid: "which day of the week has no science on at all" is
 * Saturday; "when is the news on" is told the news slots of each day. None unless the question asks which days, or when over the week
 * it is on, and names a category.
 */
export function categoryDays(ctx: AnswerContext): Answer | undefined {
  const { catalog, api, question } = ctx;
  if (!WHICH_DAYS.test(question.text) && !ON_WHEN.test(question.text)) return undefined;
  // Named by its name or a keyword: the words that ask which days account for most of the question.
  const category = ctx.hits.find((h) => h.doc.kind === 'category' && h.named);
  if (!category) return undefined;
  const grid = weeklyGrid(catalog);
  const of = (d: Weekday) => grid.filter((s) => s.day === d && s.category === category.doc.ref);
  const on = weekdays.filter((d) => of(d).length);
  const off = weekdays.filter((d) => !of(d).length);
  const name = category.doc.title.replace(/ videos$/, '');
  return ctx.answer(
    'schedule',
    `${name} airs on ${on.length === 7 ? 'every day' : `${on.length} days of the week`} (${catalog.schedule.timeZone} time): ${on
      .map(
        (d) =>
          `${capitalise(d)} (${of(d)
            .map((s) => `${s.title} ${s.start}-${s.end}`)
            .join(', ')})`,
      )
      .join('; ')}. ${off.length ? `No ${name} slot on ${off.map(capitalise).join(' or ')}.` : `There is no day without ${name}.`}`,
    [api('/api/public/schedule', 'Programming schedule'), { title: category.doc.title, url: category.doc.url }],
    ["What's on tonight?", 'Any specials coming up?'],
  );
}
