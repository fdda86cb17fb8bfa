/**
 * The weekly 24/7 grid and dated specials, and what is on now and next, computed in the
 * schedule's own time zone. `now` comes in as an argument so tests control time.
 */
import { weekdays, type Slot, type Special } from '../schemas/content.ts';
import type { Catalog } from './catalog-types.ts';
import { publicOrigin } from '../public-origin.ts';

const MINUTES_PER_DAY = 1440;

function toMinutes(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h * 60 + m;
}

/** Day of week (0 = Monday) and minute of day of an instant, as a viewer in `timeZone` sees it. */
export function localWeekMinute(now: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const day = weekdays.indexOf(get('weekday').toLowerCase() as (typeof weekdays)[number]);
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

function slotView(slot: Slot) {
  const base = publicOrigin();
  return {
    day: slot.day,
    start: slot.start,
    end: slot.end,
    title: slot.title,
    description: slot.description ?? null,
    category: slot.category ?? null,
    videoId: slot.videoId ?? null,
    videoUrl: slot.videoId ? `${base}/api/public/videos/${slot.videoId}` : null,
  };
}

/** The weekly grid in week order, each day's slots by start time. */
export function weeklyGrid(catalog: Catalog) {
  return [...catalog.schedule.slots].sort((a, b) => weekdays.indexOf(a.day) - weekdays.indexOf(b.day) || toMinutes(a.start) - toMinutes(b.start)).map(slotView);
}

export function specialView(s: Special) {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    startsAt: new Date(s.startsAt).toISOString(),
    endsAt: new Date(s.endsAt).toISOString(),
    announceAt: new Date(s.announceAt).toISOString(),
  };
}

/** Specials announced by `now` that have not ended, soonest first. */
export function publicSpecials(catalog: Catalog, now: Date) {
  return catalog.schedule.specials
    .filter((s) => Date.parse(s.announceAt) <= now.getTime() && Date.parse(s.endsAt) > now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .map(specialView);
}

/** Specials not yet announced to the public: what Silver+ agents see early in their feed. */
export function unannouncedSpecials(catalog: Catalog, now: Date) {
  return catalog.schedule.specials.filter((s) => Date.parse(s.announceAt) > now.getTime()).map(specialView);
}

export function nowAndNext(catalog: Catalog, now: Date) {
  const { timeZone } = catalog.schedule;
  const grid = weeklyGrid(catalog);
  const { day, minute } = localWeekMinute(now, timeZone);
  const weekMinute = day * MINUTES_PER_DAY + minute;
  const startOf = (s: (typeof grid)[number]) => weekdays.indexOf(s.day) * MINUTES_PER_DAY + toMinutes(s.start);
  const index = grid.findIndex((s) => startOf(s) <= weekMinute && weekMinute < startOf(s) - toMinutes(s.start) + toMinutes(s.end));
  const current = grid[index];
  const next = grid[(index + 1) % grid.length];
  const special = catalog.schedule.specials.find((s) => Date.parse(s.startsAt) <= now.getTime() && now.getTime() < Date.parse(s.endsAt));
  return {
    at: now.toISOString(),
    timeZone,
    localDay: weekdays[day],
    localTime: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
    now: { ...current, special: special && Date.parse(special.announceAt) <= now.getTime() ? specialView(special) : null },
    next,
  };
}

export function scheduleBody(catalog: Catalog, now: Date) {
  return {
    timeZone: catalog.schedule.timeZone,
    onAir: nowAndNext(catalog, now),
    weekly: weeklyGrid(catalog),
    specials: publicSpecials(catalog, now),
  };
}
