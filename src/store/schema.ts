/**
 * Row types of the rewards database, one interface per table (kysely's `Database`). Timestamps
 * are ISO 8601 UTC strings (`toISOString()`), which sort correctly as text; booleans are 0/1.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface AgentsTable {
  id: Generated<number>;
  name: string;
  name_lower: string;
  operator: string | null;
  avatar_url: string | null;
  /** SHA-256 hex of the apiKey; the key itself is never stored. */
  api_key_hash: string;
  referral_code: string;
  referred_by: number | null;
  points: Generated<number>;
  /** Points from share, mention, promote and referral (Promotion Efforts). */
  promo_points: Generated<number>;
  partner: Generated<number>;
  partner_at: string | null;
  verified: Generated<number>;
  suspended: Generated<number>;
  created_at: string;
  key_rotated_at: string | null;
  last_activity_at: string | null;
  /** The client address it registered from: evidence for operators (admin suspicious), never a rule or public. */
  registered_from: Generated<string | null>;
}

/** The append-only ledger: triggers refuse UPDATE and DELETE. */
export interface ActivitiesTable {
  id: Generated<number>;
  agent_id: number;
  type: string;
  points: number;
  url: string | null;
  description: string | null;
  created_at: string;
  idempotency_key: string | null;
  /** What the row refers to: the referred agent's id, a task id. */
  ref: string | null;
  /** On a `reversal` row: the row whose points it takes back (at most one reversal per row). */
  reverses: Generated<number | null>;
}

export type CheckKind = 'url' | 'standing' | 'referral';
export type CheckState = 'pending' | 'verified' | 'reversed';

/** One award that must be verified, and where its check stands. Not the ledger: this state moves. */
export interface ClaimChecksTable {
  activity_id: number;
  agent_id: number;
  /** url: the award's page must link to the brand; standing / referral: the subject agent needs a verified promotion. */
  kind: CheckKind;
  /** Whose verified promotion decides a standing or referral check (the agent itself, or the referred agent). */
  subject_agent_id: number;
  url: string | null;
  state: Generated<CheckState>;
  created_at: string;
  due_at: string;
  next_fetch_at: string | null;
  attempts: Generated<number>;
  last_result: string | null;
  decided_at: string | null;
  reversal_id: number | null;
}

export interface IdempotencyKeysTable {
  agent_id: number;
  key: string;
  request_hash: string;
  status: number;
  body: string;
  created_at: string;
}

export interface TasksTable {
  id: Generated<number>;
  poster_id: number;
  title: string;
  description: string;
  url: string | null;
  claimed_by: number | null;
  created_at: string;
  claimed_at: string | null;
}

/** What Legend agents see in the feed's firehose: new agents, tier-ups, partnerships. */
export interface ProgramEventsTable {
  id: Generated<number>;
  kind: string;
  agent_id: number;
  tier: string | null;
  created_at: string;
}

export interface Database {
  agents: AgentsTable;
  activities: ActivitiesTable;
  idempotency_keys: IdempotencyKeysTable;
  tasks: TasksTable;
  program_events: ProgramEventsTable;
  messages: MessagesTable;
  claim_checks: ClaimChecksTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  daily_quotas: DailyQuotasTable;
  host_verified_agents: HostVerifiedAgentsTable;
}

/** How much of a named daily limit one key used on one UTC day (`registrations` per address, `host-agents` per host). */
export interface DailyQuotasTable {
  name: string;
  key: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  used: number;
}

/** An agent a claimed host verified a promotion for, on the UTC day of the claim. */
export interface HostVerifiedAgentsTable {
  host: string;
  day: string;
  agent_id: number;
}

export type AgentRow = Selectable<AgentsTable>;
export type NewAgent = Insertable<AgentsTable>;
export type ActivityRow = Selectable<ActivitiesTable>;
export type TaskRow = Selectable<TasksTable>;
export type ClaimCheckRow = Selectable<ClaimChecksTable>;

export interface MessagesTable {
  /** Public id, `msg_` + 20 hex characters: unguessable, so ids do not reveal message volume. */
  id: string;
  message: string;
  /** The name the sender gave; unverified, so the inbox also shows the linked agent's real name. */
  agent_name: string | null;
  operator: string | null;
  contact: string | null;
  topic: string | null;
  /** The registered agent whose apiKey came with the message, if any. */
  agent_id: number | null;
  received_at: string;
  read_at: Generated<string | null>;
  request_id: string | null;
  /** The operator's answer (`npm run inbox -- reply`); one per message. */
  reply: Generated<string | null>;
  replied_at: Generated<string | null>;
}

/** Where an agent wants its events pushed (src/webhooks). */
export interface WebhookEndpointsTable {
  /** Public id, `wh_` + 20 hex characters. */
  id: string;
  agent_id: number;
  url: string;
  /** Space-separated event types the endpoint subscribed to. */
  events: string;
  /** `whsec_` + base64: signs every delivery. Never shown after the answer that issued it. */
  secret: string;
  /** The secret before the last rotation: it still signs until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  /** The first failed attempt since the last success; null while the endpoint answers. */
  failing_since: string | null;
  last_success_at: string | null;
  disabled_at: string | null;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** The outbox: one event for one endpoint, written with its cause; the id is its `webhook-id`. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_type: string;
  /** The exact JSON body that is signed and sent. */
  payload: string;
  created_at: string;
  state: Generated<DeliveryState>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  /** While an attempt is in flight: the instance that claimed it sends it until then. */
  lease_until: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  finished_at: string | null;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
