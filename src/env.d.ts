/// <reference types="astro/client" />

declare namespace App {
  /** What our Node server (src/server) hands every on-demand request. Empty at build time. */
  interface Locals {
    services: import('./server/services.ts').Services;
    requestId: string;
    /** The client address as the rate limiter sees it (TRUST_PROXY aware): kept as evidence at registration, never a rule. */
    clientAddress?: string;
    /** The POST body as the server read it (at most 16 KiB of JSON), so endpoints need not read it again. */
    body?: string;
    /** Set by src/middleware.ts: the route pattern that matched (`/api/public/ai/agent/[name]`), the metrics' route label. */
    route?: string;
  }
}

/** The build-time catalog's JSON, read from the file the build ships (scripts/lib/catalog-module.mjs). */
declare module 'virtual:catalog' {
  export function readCatalogText(): string;
}
