/**
 * Where admission control plugs in: the rate limiter (and its concurrency caps) implement this
 * interface. The server asks `admit` before doing any work for a request and calls `release`
 * once the response has finished, whatever happened in between.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Problem } from '../http/problem.ts';
import type { RateClass } from '../schemas/api/endpoint-doc.ts';

export interface GateContext {
  requestId: string;
  ip: string;
  /** Which limits the request counts against: its operation's class (src/http/route-table.ts). */
  rateClass: RateClass;
  /** From Authorization: Bearer, X-API-Key or the apiKey query (not a JSON body); never logged. */
  apiKey: string | undefined;
}

/** A problem the server sends for the gate, so the gate itself never writes a body. */
export type Refusal = Problem;

export interface Admission {
  /**
   * false: nothing else may run for this request. The server sends `refusal` when there is one;
   * without one the gate has answered the request itself.
   */
  admitted: boolean;
  refusal?: Refusal;
  release?: () => void;
}

export interface RequestGate {
  admit(req: IncomingMessage, res: ServerResponse, ctx: GateContext): Promise<Admission> | Admission;
}

/** Lets every request through; the default until a limiter is configured. */
export const openGate: RequestGate = { admit: () => ({ admitted: true }) };
