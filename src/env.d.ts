/// <reference types="astro/client" />

declare namespace App {
  /** What our Node server (src/server) hands every on-demand request. Empty at build time. */
  interface Locals {
    services: import('./services.ts').Services;
    requestId: string;
    /** The client address as the rate limiter sees it (TRUST_PROXY aware): kept as evidence at registration, never a rule. */
    clientAddress?: string;
    /** The POST body as the server read it (at most 16 KiB of JSON), so endpoints need not read it again. */
    body?: string;
    /** The operation's path (`/api/public/ai/agent/{name}`) or the route pattern that answered: the metrics' route label. */
    route?: string;
    /**
     * Answers a request made inside this one (an agent door's tool call) the way the server
     * answers HTTP: pre-rendered file, response cache, operation. It is not counted or logged again.
     */
    invoke(request: Request): Promise<Response>;
  }
}

/** The build-time catalog's JSON, read from the file the build ships (scripts/lib/catalog-module.mjs). */
declare module 'virtual:catalog' {
  export function readCatalogText(): string;
}
