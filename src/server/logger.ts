/**
 * The service's log: pino, one JSON line per event, written asynchronously so a request never
 * waits for stdout. apiKeys and credential headers are redacted wherever they appear in a logged
 * object; request lines carry the path with secret-looking query values already replaced.
 */
import pino, { type Logger } from 'pino';

/** Bytes of log lines buffered before they are written, and the longest a line waits when fewer come. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: isoTimeByMillisecond(),
      formatters: { level: (label) => ({ level: label }) },
      // Exact paths, not wildcards, which would make redaction search every object logged. Request
      // lines are built by the server and never carry a key; these catch the objects a caller
      // might log whole (a body, a request's headers).
      redact: { paths: ['apiKey', 'authorization', 'body.apiKey', 'headers.authorization', 'headers["x-api-key"]', 'req.headers.authorization', 'req.headers["x-api-key"]'], censor: '[redacted]' },
    },
    // pino's asynchronous logging: stdout through sonic-boom without waiting for each write, lines
    // buffered until 4 KiB (about 18 request lines) are written together, as pino's documentation
    // sets it up, and whatever is buffered written at least once a second on a quiet server. Lines
    // still buffered at exit are flushed by pino's exit hook; a crash of the machine may lose the
    // last second's lines.
    pino.destination({ sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/**
 * pino's `isoTime`, formatted once per millisecond: at thousands of lines a second, most lines
 * share their millisecond with the line before, and formatting the date was a tenth of a request
 * line's cost.
 */
export function isoTimeByMillisecond(clock: () => number = Date.now): () => string {
  let lastMs = -1;
  let field = '';
  return () => {
    const now = clock();
    if (now !== lastMs) {
      lastMs = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

export type { Logger };
