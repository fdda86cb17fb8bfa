/**
 * RFC 9457 problem details with the stable codes of docs/api.md (their statuses and
 * titles: src/schemas/api/problem-codes.ts), so use cases say only what went wrong.
 */
import type { ErrorCode } from '../domain/errors.ts';
import { publicOrigin } from '../public-origin.ts';
import { problemCodes } from '../schemas/api/problem-codes.ts';
import type { DataFreshness } from './freshness.ts';

export { problemCodes };

export type ProblemCode = ErrorCode;

export interface FieldError {
  path: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  errors?: FieldError[];
  requestId?: string;
  dataFreshness: DataFreshness;
  [extra: string]: unknown;
}

export function problemType(code: ProblemCode): string {
  return `${publicOrigin()}/problems/${code.replaceAll('_', '-')}`;
}

export function problemBody(code: ProblemCode, detail: string, dataFreshness: DataFreshness, extra: Record<string, unknown> = {}): ProblemBody {
  const { status, title } = problemCodes[code];
  return { type: problemType(code), title, status, detail, code, ...extra, dataFreshness };
}
