/**
 * Where admission control plugs in: the rate limiter (and its concurrency caps) implement this
 * interface. The server asks `admit` before doing any work for a request and calls `release`
 * once the response has finished, whatever happened in between.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface GateContext {
  requestId: string;
  ip: string;
  method: string;
  url: URL;
  /** From Authorization: Bearer, X-API-Key or the apiKey query; never logged. */
  apiKey: string | undefined;
}

export interface Admission {
  /** false: the gate has already answered the request (e.g. 429) and nothing else may run. */
  admitted: boolean;
  release?: () => void;
}

export interface RequestGate {
  admit(req: IncomingMessage, res: ServerResponse, ctx: GateContext): Promise<Admission> | Admission;
}

/** Lets every request through; the default until a limiter is configured. */
export const openGate: RequestGate = { admit: () => ({ admitted: true }) };
