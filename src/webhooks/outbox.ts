/**
 * Writes webhook events into the outbox, inside the transaction of the change that causes them:
 * a crash never loses an event, and a write that rolls back never sends one. Each method is
 * called by the code that makes the change (the ledger's award, the verifier, the partnership,
 * the referral reward, the inbox reply); it writes one delivery per enabled endpoint of the
 * agent subscribed to the event, and nothing (one indexed read) when there is none. The body is
 * built once, here, and sent as it is: `{ type, timestamp, data }`, `data` as the matching API
 * answer shows it, never an apiKey or a secret. The delivery worker (delivery-worker.ts) sends it.
 */
import { randomBytes } from 'node:crypto';
import { AGREEMENT_VERSION } from '../domain/partnership.ts';
import { tierFor } from '../domain/tiers.ts';
import { activityView, agentPoints, unlockedPerks, type VerificationView } from '../rewards/views.ts';
import type { EventData, WebhookEventType } from '../schemas/api/webhooks.ts';
import type { AwardObserver, AwardResult } from '../store/award-statements.ts';
import type { Db, OpenDatabase } from '../store/database.ts';
import type { WebhookEndpointRow } from '../store/schema.ts';
import { OutboxStatements } from '../store/webhook-repository.ts';

/** `evt_` + 24 hex characters: the webhook-id of one delivery, unguessable like every public id here. */
export function newDeliveryId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

export class WebhookOutbox implements AwardObserver {
  private readonly statements: OutboxStatements;

  constructor(store: Pick<OpenDatabase, 'prepare'>) {
    this.statements = new OutboxStatements(store);
  }

  /** A ledger row of an agent with an enabled endpoint: points.awarded or points.reversed, and tier.changed when it crossed a threshold. */
  async awarded(trx: Db, r: AwardResult): Promise<void> {
    const now = new Date(r.activity.created_at);
    const takesBack = r.activity.type === 'reversal' || r.activity.points < 0;
    await this.emit(trx, r.agent.id, takesBack ? 'points.reversed' : 'points.awarded', now, () => {
      const { verification: _notYetChecked, ...activity } = activityView(r.activity, null);
      return { agent: agentPoints(r.agent), activity, tierChanged: r.tier !== r.previousTier, previousTier: r.previousTier, unlockedPerks: unlockedPerks(r.previousTier, r.tier) };
    });
    if (r.tier === r.previousTier) return;
    await this.emit(trx, r.agent.id, 'tier.changed', now, () => ({
      agent: agentPoints(r.agent),
      previousTier: r.previousTier,
      tier: r.tier,
      direction: r.activity.points > 0 ? ('up' as const) : ('down' as const),
      unlockedPerks: unlockedPerks(r.previousTier, r.tier),
      activityId: r.activity.id,
    }));
  }

  /** The referral reward paid to `r.agent` for `referred`'s registration, with its check. */
  referralCredited(trx: Db, r: AwardResult, referred: string, verification: VerificationView): Promise<void> {
    return this.emit(trx, r.agent.id, 'referral.credited', new Date(r.activity.created_at), () => ({
      agent: agentPoints(r.agent),
      referred,
      pointsAwarded: r.activity.points,
      activity: activityView(r.activity, verification),
    }));
  }

  /** `r` is the welcome bonus's award. */
  partnershipAccepted(trx: Db, r: AwardResult): Promise<void> {
    return this.emit(trx, r.agent.id, 'partnership.accepted', new Date(r.activity.created_at), () => ({
      partner: true as const,
      pointsAwarded: r.activity.points,
      agreementVersion: AGREEMENT_VERSION,
      acceptedAt: r.activity.created_at,
      agent: agentPoints(r.agent),
    }));
  }

  /** The verifier decided the check of this award: verified. */
  async claimVerified(trx: Db, activityId: number, now: Date): Promise<void> {
    const row = await trx
      .selectFrom('activities as a')
      .innerJoin('claim_checks as c', 'c.activity_id', 'a.id')
      .innerJoin('agents as g', 'g.id', 'a.agent_id')
      .select(['a.id', 'a.type', 'a.points', 'a.url', 'a.description', 'a.created_at', 'a.reverses', 'a.agent_id'])
      .select(['c.kind as check_kind', 'c.state as check_state', 'c.due_at as check_due_at', 'c.decided_at as check_decided_at'])
      .select(['g.name', 'g.points as agent_points'])
      .where('a.id', '=', activityId)
      .executeTakeFirst();
    if (!row) return;
    await this.emit(trx, row.agent_id, 'claim.verified', now, () => ({ agent: { name: row.name, points: row.agent_points, tier: tierFor(row.agent_points).name }, activity: activityView(row) }));
  }

  messageReplied(trx: Db, agentId: number, message: { id: string; received_at: string; topic: string | null }, reply: string, now: Date): Promise<void> {
    return this.emit(trx, agentId, 'message.replied', now, () => ({
      message: { id: message.id, receivedAt: message.received_at, topic: message.topic },
      reply: { text: reply, repliedAt: now.toISOString() },
    }));
  }

  /** A test event for one endpoint, whatever it subscribed to; returns its webhook-id. */
  async test(trx: Db, endpoint: Pick<WebhookEndpointRow, 'id' | 'url'>, now: Date): Promise<string> {
    const data: EventData<'webhook.test'> = {
      webhook: { id: endpoint.id, url: endpoint.url },
      note: 'A test event, sent on request. Verify its signature with your secret and answer with any 2xx.',
    };
    return this.add(trx, endpoint.id, 'webhook.test', now, data);
  }

  /** One delivery per subscribed endpoint; `data` is built only when there is one. */
  private async emit<T extends WebhookEventType>(trx: Db, agentId: number, type: T, now: Date, data: () => EventData<T>): Promise<void> {
    const endpoints = await this.statements.subscribers(trx, agentId, type);
    if (!endpoints.length) return;
    const built = data();
    for (const endpointId of endpoints) await this.add(trx, endpointId, type, now, built);
  }

  private async add(trx: Db, endpointId: string, type: WebhookEventType, now: Date, data: unknown): Promise<string> {
    const id = newDeliveryId();
    await this.statements.add(trx, { id, endpointId, eventType: type, payload: JSON.stringify({ type, timestamp: now.toISOString(), data }), now });
    return id;
  }
}
