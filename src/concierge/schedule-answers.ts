/**
 * Answers about the 24/7 schedule at the `now` the caller passes: what is on now and next, the
 * rest of today or tonight, a named weekday's or tomorrow's lineup, when a named show airs, and
 * the announced specials. It uses the same functions as GET /api/public/schedule
 * (src/catalog/schedule.ts), so a special the public schedule does not show yet is never told.
 */
import { localWeekMinute, nowAndNext, publicSpecials, weeklyGrid } from '../catalog/schedule.ts';
import { weekdays } from '../schemas/content.ts';
import type { Answer, Source } from './answer-types.ts';
import { capitalise, localDateTime, sentence, type AnswerContext } from './answer-format.ts';
import type { Weekday } from './query-understanding.ts';

type Slot = ReturnType<typeof weeklyGrid>[number];

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export function scheduleAnswer(ctx: AnswerContext): Answer {
  const { catalog, base, api, understood, ranking, input } = ctx;
  const text = understood.text;
  const { timeZone } = catalog.schedule;
  const grid = weeklyGrid(catalog);
  const scheduleSource = api('/api/public/schedule', 'Programming schedule');
  const specials = publicSpecials(catalog, input.now);
  const specialLine = (s: (typeof specials)[number]) =>
    `${s.title}, ${localDateTime(s.startsAt, timeZone)} to ${localDateTime(s.endsAt, timeZone).slice(-5)} (${timeZone} time): ${sentence(s.description)}`;
  const slotLine = (s: Slot) => `${s.start}-${s.end} ${s.title}`;
  const videoSources = (slots: Slot[]): Source[] => slots.filter((s) => s.videoUrl).map((s) => ({ title: s.title, url: s.videoUrl! }));
  const here = localWeekMinute(input.now, timeZone);
  const today = weekdays[here.day];
  const suggestions = ["What's on tonight?", 'Any specials coming up?'];

  if (/ (time ?zone|timezone) /.test(text)) {
    return ctx.answer(
      `The schedule runs in ${timeZone} time: every start and end time in GET ${base}/api/public/schedule is local to ${timeZone}, and specials carry ISO 8601 UTC instants.`,
      [scheduleSource],
      suggestions,
    );
  }

  const slotHit = ranking.hits.slot?.[0];
  // A show or special is meant when the question uses its name, not a word of its description.
  const specialHit = ranking.hits.special?.find((h) => h.nameCoverage >= 0.5 && specials.some((s) => `special:${s.id}` === h.id));
  if (specialHit && specialHit.nameCoverage >= (slotHit?.nameCoverage ?? 0)) {
    const s = specials.find((x) => `special:${x.id}` === specialHit.id)!;
    return ctx.answer(`${specialLine(s)}.`, [scheduleSource], suggestions);
  }

  if (slotHit && slotHit.nameCoverage >= 0.6 && !understood.days.length) {
    const airings = grid.filter((s) => s.title === slotHit.title);
    return ctx.answer(
      `${slotHit.title} airs ${airings.map((s) => `${capitalise(s.day)} ${s.start}-${s.end}`).join(', ')} (${timeZone} time)${airings[0].description ? `: ${sentence(airings[0].description)}` : ''}.`,
      [scheduleSource, ...videoSources(airings.slice(0, 1))],
      suggestions,
    );
  }

  const days: Weekday[] = understood.days.length ? understood.days : / tomorrow /.test(text) ? [weekdays[(here.day + 1) % 7]] : [];
  if (days.length) {
    const lines = days.map(
      (d) =>
        `${capitalise(d)}: ${grid
          .filter((s) => s.day === d)
          .map(slotLine)
          .join('; ')}`,
    );
    return ctx.answer(`The lineup (${timeZone} time). ${lines.join('. ')}.`, [scheduleSource, ...videoSources(grid.filter((s) => days.includes(s.day as Weekday))).slice(0, 3)], suggestions);
  }

  if (/ (today|tonight|this evening|later) /.test(text)) {
    const evening = / (tonight|this evening) /.test(text);
    const rest = grid.filter((s) => s.day === today && minutes(s.end) > here.minute && (!evening || minutes(s.end) > 17 * 60));
    return ctx.answer(
      `${evening ? 'Tonight' : 'Still to come today'} on ${catalog.site.name} (${capitalise(today)}, ${timeZone} time): ${rest.map(slotLine).join('; ')}.`,
      [scheduleSource, ...videoSources(rest).slice(0, 3)],
      suggestions,
    );
  }

  const onAir = nowAndNext(catalog, input.now);
  const cur = onAir.now;
  const nxt = onAir.next;
  const wantsSpecials = understood.stems.has('special') || understood.stems.has('live');
  const special = cur.special ? ` Special right now: ${cur.special.title}.` : '';
  const upcoming = specials.length
    ? ` ${wantsSpecials ? 'Announced specials' : 'Coming specials'}: ${specials
        .slice(0, wantsSpecials ? 5 : 2)
        .map(specialLine)
        .join('; ')}.`
    : wantsSpecials
      ? ' No special is announced right now.'
      : '';
  const sources: Source[] = [scheduleSource];
  if (cur.videoUrl) sources.push({ title: `Now: ${cur.title}`, url: cur.videoUrl });
  if (nxt.videoUrl) sources.push({ title: `Next: ${nxt.title}`, url: nxt.videoUrl });
  const nowLine = `${catalog.site.name} is on air 24/7. Now (${capitalise(onAir.localDay)} ${onAir.localTime}, ${onAir.timeZone} time): ${cur.title}, ${cur.start}-${cur.end}${cur.description ? ` (${sentence(cur.description)})` : ''}.${special} Next: ${nxt.title} at ${nxt.start} on ${capitalise(nxt.day)}${nxt.description ? ` (${sentence(nxt.description)})` : ''}.`;
  return ctx.answer(wantsSpecials ? `${upcoming.trim()} ${nowLine}` : `${nowLine}${upcoming}`, sources, ['Where are the feeds?', 'What videos are featured?']);
}
