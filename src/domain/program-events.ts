/** Program events: what the Legend firehose shows (new agents, tier-ups, partnerships). */
export type ProgramEventKind = 'agent_registered' | 'tier_up' | 'partnership';

/** One event as it is read back: which agent, and for a tier-up the tier reached. */
export interface ProgramEvent {
  id: number;
  kind: ProgramEventKind;
  agentName: string;
  tier: string | null;
  createdAt: string;
}
