/**
 * The server's response class (createServer's `ServerResponse` option). The headers the pipeline
 * gives every response (request id, nosniff, Referrer-Policy, CORS, the rate-limit headers) are
 * collected in a flat list and written with the status line, instead of one `setHeader` each.
 *
 * Why: node:http's `setHeader` validates and lowercases each name and keeps it in a header object
 * that `writeHead` walks again; a [name, value, name, value...] list handed to `writeHead` when no
 * header was set is written as it is (validated once). The paths that answer from memory
 * (pre-rendered files, remembered reads) hand `writeHead` their own list, so their whole header
 * block skips the object. Measured with the 14 header lines of a pre-rendered read: 24 -> 20-21
 * µs of user CPU per response (BENCHMARKS.md, fix 28).
 *
 * Everything else may still use `setHeader` (Astro's responses, problems, `Connection: close`):
 * `writeHead` then sets the collected headers the usual way, each unless a header of that name
 * was set. Node calls `writeHead` for every response, also when a handler only calls `end`
 * (`_implicitHeader`), so every response carries the collected headers exactly once.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';

type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[];

export class AppResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** Written with the status line: [name, value, name, value...]. */
  private readonly base: string[] = [];
  /** The Content-Length a header list gave `writeHead` (a list leaves `getHeader` empty); for logs. */
  listedContentLength: string | undefined;

  /** Adds a header written with the status line (see the class comment). */
  addBaseHeader(name: string, value: string): void {
    this.base.push(name, value);
  }

  override writeHead(statusCode: number, statusMessage?: string | Headers, headers?: Headers): this {
    const message = typeof statusMessage === 'string' ? statusMessage : undefined;
    const given = typeof statusMessage === 'string' ? headers : statusMessage;
    if (Array.isArray(given) && !Array.isArray(given[0])) {
      // A flat list: Node writes it as it is when no header was set, and sets each entry otherwise.
      const list = given as string[];
      for (let i = 0; i < list.length; i += 2) {
        if (list[i].length === 14 && list[i].toLowerCase() === 'content-length') this.listedContentLength = String(list[i + 1]);
      }
      return super.writeHead(statusCode, message, this.base.length ? this.base.concat(list) : list);
    }
    for (let i = 0; i < this.base.length; i += 2) if (!this.hasHeader(this.base[i])) this.setHeader(this.base[i], this.base[i + 1]);
    return message === undefined ? super.writeHead(statusCode, given) : super.writeHead(statusCode, message, given);
  }
}

/**
 * Adds a header every response of this request carries: collected by an AppResponse, set at once
 * on any other ServerResponse (a test's stand-in).
 */
export function addBaseHeader(res: ServerResponse, name: string, value: string): void {
  if (res instanceof AppResponse) res.addBaseHeader(name, value);
  else res.setHeader(name, value);
}
