/**
 * An agent's webhook receiver, as a test runs one: an HTTP server on 127.0.0.1 (the server under
 * test reaches it with WEBHOOK_ALLOW_LOOPBACK=1) that verifies every delivery with the
 * `standardwebhooks` package, the way a receiver in the wild would, and keeps what arrived. Each
 * registered endpoint is a path of its own (`/<name>`), so the receiver knows which secret
 * signs it. It can be taken down and brought up again on the same port, and can leave requests
 * unanswered (the server then sees no answer until it gives up or dies).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Delivery {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The payload as `Webhook.verify` returned it; undefined when verification threw. */
  verified: { type: string; timestamp: string; data: any } | undefined;
  /** Why verification failed, when it did. */
  error: string | undefined;
  receivedAt: number;
}

export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  /** Secrets by path; a rotation adds the new one (verification then uses the newest). */
  private readonly secrets = new Map<string, string>();
  /** Paths whose next requests are held open without an answer. */
  private readonly holding = new Map<string, number>();
  private readonly held: Array<{ path: string; res: ServerResponse }> = [];
  /** Requests received and not answered yet, by path, and the most there ever were at once. */
  private readonly open = new Map<string, number>();
  readonly mostOpen = new Map<string, number>();
  private server: Server | undefined;
  private port = 0;

  async start(port = 0): Promise<this> {
    const server = createServer((req, res) => this.receive(req, res));
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => ok());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** Closes the port: attempts meet a refused connection. */
  async stop(): Promise<void> {
    for (const { res } of this.held.splice(0)) res.destroy();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((ok) => server.close(ok));
  }

  /** Listens again on the same port. */
  restart(): Promise<this> {
    return this.start(this.port);
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}/${path}`;
  }

  expect(path: string, secret: string): void {
    this.secrets.set(`/${path}`, secret);
  }

  /** Leaves the next `count` requests to `path` unanswered. */
  hold(path: string, count = 1): void {
    this.holding.set(`/${path}`, count);
  }

  /** Answers every held request now (204), and holds no more. */
  release(): void {
    this.holding.clear();
    for (const { path, res } of this.held.splice(0)) this.answer(path, res, true);
  }

  to(path: string): Delivery[] {
    return this.deliveries.filter((d) => d.path === `/${path}`);
  }

  /** Polls until `check` holds of what arrived (deliveries are asynchronous), or fails after `timeoutMs`. */
  async waitFor<T>(what: string, read: () => T, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = read();
      if (check(value)) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; received: ${JSON.stringify(this.deliveries.map((d) => [d.path, d.verified?.type, d.headers['webhook-id']]))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The verified events of one endpoint of `type`. */
  events(path: string, type: string): Delivery[] {
    return this.to(path).filter((d) => d.verified?.type === type);
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const secret = this.secrets.get(path);
      let verified: Delivery['verified'];
      let error: string | undefined;
      try {
        if (!secret) throw new Error(`no secret for ${path}`);
        verified = new Webhook(secret).verify(body, headers) as Delivery['verified'];
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      this.deliveries.push({ path, headers, body, verified, error, receivedAt: Date.now() });
      const open = (this.open.get(path) ?? 0) + 1;
      this.open.set(path, open);
      this.mostOpen.set(path, Math.max(open, this.mostOpen.get(path) ?? 0));
      const holds = this.holding.get(path) ?? 0;
      if (holds > 0) {
        this.holding.set(path, holds - 1);
        this.held.push({ path, res });
        return;
      }
      this.answer(path, res, verified !== undefined);
    });
  }

  private answer(path: string, res: ServerResponse, verified: boolean): void {
    this.open.set(path, (this.open.get(path) ?? 1) - 1);
    res.writeHead(verified ? 204 : 400, { 'content-type': 'text/plain' }).end(verified ? '' : 'signature rejected');
  }
}
