/**
 * Formatting shared by the pre-rendered pages. Pure; fixed locale and time zone so a build on
 * any machine writes the same HTML.
 */

/** 1260 -> "21 min", 3725 -> "1 h 2 min", 45 -> "45 s". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** ISO 8601 duration for `<time datetime>`: 1260 -> "PT21M0S". */
export function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ''}${m}M${s}S`;
}

/** "2026-09-14T17:00:00Z" -> "14 September 2026" (UTC, so the build is reproducible). */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

/** { amount: "14.00", currency: "USD" } -> "US$14.00" style text, exact to the cent. */
export function formatMoney(price: { amount: string; currency: string }): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency }).format(Number(price.amount));
}

/** The time zone's short display name, e.g. "Pacific Time", for schedule captions. */
export function zoneLabel(timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date('2026-01-01T00:00:00Z')).find((p) => p.type === 'timeZoneName');
  return part ? `${part.value} (${timeZone})` : timeZone;
}

export function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
