/**
 * How an endpoint describes itself. Each feature exports a list of these next to its schemas;
 * `endpoints.ts` gathers them, and the discovery index, the OpenAPI document and llms.txt are
 * all generated from that one list, so documentation cannot drift from validation.
 */
import type { z } from 'zod';
import type { ProblemCode } from '../../http/problem.ts';

export type Auth =
  /** No key: anyone may call it. */
  | 'none'
  /** A key is required (header preferred; body `apiKey` on writes, `apiKey` query on gated reads). */
  | 'apiKey'
  /** A key is optional and, when present, links the call to the agent. */
  | 'optionalApiKey';

export interface EndpointDoc {
  method: 'GET' | 'POST';
  /** OpenAPI-style path: `/api/public/videos/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  /** Minimum tier for gated reads, e.g. 'Platinum'. */
  minTier?: string;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and the schema of its body. */
  status: 200 | 201;
  response: z.ZodType;
  /** Media type of the success body when it is not JSON (feeds, llms.txt). */
  contentType?: string;
  /** Problem codes this endpoint can answer with, beyond 429 and 500. */
  errors: ProblemCode[];
  /** True when the body without a query is a pre-rendered file. */
  prerendered?: boolean;
  /** Accepts an Idempotency-Key header (writes). */
  idempotent?: boolean;
}
