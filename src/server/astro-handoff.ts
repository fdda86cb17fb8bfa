/**
 * Hands a request to Astro's on-demand routes and collects the answer instead of letting Astro
 * write it to the socket, so the server finishes every response the same way: compression, the
 * response cache, and its own headers (src/server/create-server.ts).
 *
 * The build's handler (src/server/astro-entry.ts) writes a web Response to a Node response with
 * `writeHead`, `write` and `end` (Astro's NodeApp.writeResponse); this collector implements just those,
 * and the events Astro listens to. Bodies are small JSON, so holding one in memory costs nothing
 * a stream would save.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** The build's handler (src/server/astro-entry.ts): calls `next` when no on-demand route matches. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: App.Locals) => Promise<void>;

export interface AppAnswer {
  status: number;
  /** Lower-case names, as Astro gives them. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The route that answered (the metrics' label), named once the answer is in. */
  route?: string;
}

class CollectedResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  headers: OutgoingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];

  constructor(
    readonly req: IncomingMessage,
    private readonly done: (answer: AppAnswer) => void,
    private readonly failed: (error: unknown) => void,
  ) {
    super();
  }

  writeHead(status: number, messageOrHeaders?: string | OutgoingHttpHeaders, headers?: OutgoingHttpHeaders): this {
    this.statusCode = status;
    const given = typeof messageOrHeaders === 'object' ? messageOrHeaders : headers;
    if (given) this.headers = given;
    this.headersSent = true;
    return this;
  }

  write(chunk: Uint8Array | string, callback?: () => void): boolean {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    callback?.();
    return true;
  }

  end(chunk?: Uint8Array | string): this {
    if (chunk !== undefined) this.write(chunk);
    this.headersSent = true;
    this.done({ status: this.statusCode, headers: this.headers, body: Buffer.concat(this.chunks) });
    this.emit('finish');
    return this;
  }

  /** A body stream that failed mid-way: the server answers its own 500 problem, as for any error. */
  destroy(error?: unknown): this {
    this.failed(error ?? new Error("the endpoint's body stream failed"));
    return this;
  }
}

/**
 * Astro's answer for the request, or undefined when no on-demand route matches it. When the
 * client goes away first (`res` closes), Astro is told (its stream is cancelled) and the answer
 * is dropped by whoever writes it; a request made inside the process has no client to lose.
 */
export function renderWithAstro(handler: AstroHandler, req: IncomingMessage, res: ServerResponse | undefined, locals: App.Locals): Promise<AppAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const collected = new CollectedResponse(req, resolve, reject);
    res?.once('close', () => collected.emit('close'));
    handler(req, collected as unknown as ServerResponse, () => resolve(undefined), locals).catch(reject);
  });
}
