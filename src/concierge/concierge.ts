/**
 * The concierge as the endpoint uses it: one model (search index, vocabulary, intent cues) per
 * process, built lazily from the build-time catalog and the endpoint list, so a cold start that
 * never chats pays nothing. `askWithProgram` adds live program data through the caller's
 * ProgramSnapshot, reading only what the question needs.
 */
import { catalog } from '../catalog/data.ts';
import type { AgentContext, Answer, ProgramSnapshot } from './answer-types.ts';
import { buildModel, composeAnswer, type ConciergeModel } from './compose-answer.ts';
import { endpointSummaries, type EndpointSummary } from './known-endpoints.ts';
import { readLive } from './live-program.ts';

let model: ConciergeModel | undefined;

function conciergeModel(endpoints: readonly EndpointSummary[]): ConciergeModel {
  model ??= buildModel(catalog, endpointSummaries(endpoints));
  return model;
}

/** `endpoints`: every operation's definition, the same on every call. */
export async function askWithProgram(message: string, now: Date, agent: AgentContext, program: ProgramSnapshot, endpoints: readonly EndpointSummary[]): Promise<Answer> {
  const m = conciergeModel(endpoints);
  return composeAnswer(m, { message, now, agent, live: await readLive(m, message, agent, program) });
}
