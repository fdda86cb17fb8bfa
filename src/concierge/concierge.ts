/**
 * The concierge as the endpoint uses it: one model (the index over everything the service
 * publishes, and the words it knows) per process, built at the first question from the build-time
 * catalog and the operations' definitions its endpoint hands it, so a cold start that never chats
 * pays nothing. The caller's ProgramSnapshot gives it the live program, read only when a question
 * needs it.
 */
import { catalog } from '../catalog/data.ts';
import type { EndpointDoc } from '../schemas/api/endpoint-doc.ts';
import type { AgentContext, Answer, ProgramSnapshot } from './answer-types.ts';
import { answerQuestion, buildModel, type ConciergeModel } from './compose-answer.ts';

let model: ConciergeModel | undefined;

/** `endpoints`: every operation's definition, the same on every call. */
export function askWithProgram(message: string, now: Date, agent: AgentContext, program: ProgramSnapshot, endpoints: readonly EndpointDoc[]): Promise<Answer> {
  model ??= buildModel(catalog, endpoints);
  return answerQuestion(model, { message, now, agent }, program);
}
