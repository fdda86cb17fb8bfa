/**
 * How long a response may be kept (its Cache-Control max-age, and its dataFreshness.maxAgeSeconds): a body the build
 * pre-rendered, and the schedule, computed per request because a special appears at its announce instant. Live program reads
 * are not kept (no-store).
 */
/** Pre-rendered bodies: a CDN may keep them this long; the static server sends the same max-age. */
export const STATIC_MAX_AGE_SECONDS = 300;
export const SCHEDULE_MAX_AGE_SECONDS = 60;
