/**
 * Operator commands over the rewards database. Every change of points is a ledger row of type
 * `adjustment` carrying the operator's reason, written with the agent's total in one
 * transaction: there is no silent edit of a total.
 */
import { defaultRewardsConfig, type SuspicionConfig } from '../../src/domain/program-config.ts';
import { tierFor } from '../../src/domain/tiers.ts';
import { allAgents, findAgentByName, setAgentFlag } from '../../src/store/agent-repository.ts';
import { AwardStatements } from '../../src/store/award-statements.ts';
import { writeTransaction, type OpenDatabase } from '../../src/store/database.ts';
import { markReversed, referralCheckOf } from '../../src/store/claim-check-repository.ts';
import { ledgerMismatches, recentActivity } from '../../src/store/ledger-repository.ts';
import { agentsByAddress, highReversalRates, referralClusters, referralRewardFor, taskRings } from '../../src/store/suspicion-repository.ts';
import { failingEndpoints } from '../../src/store/webhook-repository.ts';
import { WebhookOutbox } from '../../src/webhooks/outbox.ts';
import { escapeForTerminal } from './terminal-text.ts';

export interface CommandResult {
  exitCode: number;
  lines: string[];
}

const usage = [
  'usage: npm run admin -- <command>',
  '  list                                   every agent with tier, points and flags',
  '  show <name>                            one agent and its latest ledger rows',
  '  suspend <name> | unsuspend <name>      stop / allow writes and leaderboard listing',
  '  suspend <name> --puppet                also reverse the referral reward it paid its referrer (a ledger row)',
  '  suspicious                             clusters worth a look: agents per address, referral chains, task rings, reversal rates',
  '  verify <name> | unverify <name>        operator verification (reputation component)',
  '  adjust <name> <points> --reason "..."  add (or with a minus sign remove) points via a ledger row',
  '  check                                  every total equals the sum of its ledger (exit 1 if not)',
  '  webhooks                               webhook endpoints whose deliveries are failing, and the disabled ones',
];

const ok = (...lines: string[]): CommandResult => ({ exitCode: 0, lines });
const fail = (...lines: string[]): CommandResult => ({ exitCode: 1, lines });
const flags = (a: { suspended: number; verified: number; partner: number }) =>
  [a.partner ? 'partner' : '', a.verified ? 'verified' : '', a.suspended ? 'SUSPENDED' : ''].filter(Boolean).join(',') || '-';

export async function runAdminCommand(
  store: Pick<OpenDatabase, 'db' | 'prepare' | 'dialect'>,
  argv: string[],
  now: () => Date = () => new Date(),
  suspicion: SuspicionConfig = defaultRewardsConfig.suspicion,
): Promise<CommandResult> {
  const { db } = store;
  const [command, ...rest] = argv;
  switch (command) {
    case 'list': {
      const agents = await allAgents(db);
      return ok(
        `${'name'.padEnd(32)} ${'tier'.padEnd(8)} ${'points'.padStart(7)} ${'promo'.padStart(7)}  flags`,
        ...agents.map((a) => `${a.name.padEnd(32)} ${tierFor(a.points).name.padEnd(8)} ${String(a.points).padStart(7)} ${String(a.promo_points).padStart(7)}  ${flags(a)}`),
        `${agents.length} agent(s)`,
      );
    }
    case 'show': {
      const agent = rest[0] ? await findAgentByName(db, rest[0]) : undefined;
      if (!agent) return fail(`no agent named "${rest[0] ?? ''}"`);
      const rows = await recentActivity(db, agent.id, 50);
      return ok(
        `name:        ${agent.name}`,
        `operator:    ${agent.operator ?? '-'}`,
        `tier:        ${tierFor(agent.points).name} (${agent.points} points, ${agent.promo_points} promo)`,
        `flags:       ${flags(agent)}`,
        `registered:  ${agent.created_at}`,
        `referral:    ${agent.referral_code}`,
        'ledger (newest first):',
        `registered from: ${agent.registered_from ?? '-'}`,
        ...rows.map((r) => `  #${r.id} ${r.created_at} ${r.type.padEnd(14)} ${String(r.points).padStart(5)}  ${r.url ?? ''} ${r.description ?? ''}`.trimEnd()),
      );
    }
    // biome-ignore lint/suspicious/noFallthroughSwitchClause: suspend without --puppet is the plain suspension below
    case 'suspend':
      if (rest.includes('--puppet')) return suspendPuppet(store, rest.filter((a) => a !== '--puppet')[0], now());
    // falls through
    case 'unsuspend':
    case 'verify':
    case 'unverify': {
      const agent = rest[0] ? await findAgentByName(db, rest[0]) : undefined;
      if (!agent) return fail(`no agent named "${rest[0] ?? ''}"`);
      const flag = command.endsWith('suspend') ? 'suspended' : 'verified';
      // Through a write, so every instance hears of it (the change feed) and drops cached reads.
      await writeTransaction(db, (trx) => setAgentFlag(trx, agent.id, flag, !command.startsWith('un')));
      return ok(`${agent.name}: ${flag} = ${!command.startsWith('un')}`);
    }
    case 'adjust': {
      const reasonAt = rest.indexOf('--reason');
      const reason = reasonAt >= 0 ? rest[reasonAt + 1]?.trim() : undefined;
      const [name, pointsText] = rest.filter((_, i) => reasonAt < 0 || (i !== reasonAt && i !== reasonAt + 1));
      const points = Number(pointsText);
      if (!name || !/^[+-]?\d{1,7}$/.test(pointsText ?? '') || points === 0) return fail('adjust needs <name> and a non-zero whole number of points', ...usage);
      if (!reason) return fail('adjust needs --reason "..." (it is kept in the ledger)');
      return writeTransaction(db, async (trx, scope) => {
        const agent = await findAgentByName(trx, name);
        if (!agent) return fail(`no agent named "${name}"`);
        if (agent.points + points < 0) return fail(`${agent.name} has ${agent.points} points; an adjustment cannot take the total below 0`);
        const at = now();
        const r = await new AwardStatements(store, new WebhookOutbox(store)).awardNew(trx, agent.id, { type: 'adjustment', points, description: reason.slice(0, 500), now: at });
        scope.wroteAt(at);
        return ok(`${agent.name}: ${points > 0 ? '+' : ''}${points} (ledger row #${r.activity.id}), now ${r.agent.points} points, ${r.tier}`);
      });
    }
    case 'check': {
      const bad = await ledgerMismatches(db);
      const count = (await allAgents(db)).length;
      if (!bad.length) return ok(`ok: all ${count} agent totals equal their ledger sums`);
      return fail(
        `MISMATCH in ${bad.length} of ${count} agent(s):`,
        ...bad.map((m) => `  ${m.name}: points ${m.points} vs ledger ${m.ledgerPoints}; promo ${m.promoPoints} vs ledger ${m.ledgerPromoPoints}`),
      );
    }
    case 'suspicious':
      return ok(...(await suspiciousReport(store.db, suspicion)));
    case 'webhooks':
      return ok(...(await webhooksReport(store.db)));
    default:
      return fail(...usage);
  }
}

/**
 * Suspends an agent found to be a sock puppet, and reverses the referral reward its registration
 * paid (a `reversal` ledger row; the referral's check shows it reversed), in one transaction.
 */
async function suspendPuppet(store: Pick<OpenDatabase, 'db' | 'prepare' | 'dialect'>, name: string | undefined, at: Date): Promise<CommandResult> {
  if (!name) return fail('suspend --puppet needs <name>');
  return writeTransaction(store.db, async (trx, scope) => {
    scope.wroteAt(at);
    const agent = await findAgentByName(trx, name);
    if (!agent) return fail(`no agent named "${name}"`);
    await setAgentFlag(trx, agent.id, 'suspended', true);
    const lines = [`${agent.name}: suspended = true (puppet)`];
    const reward = await referralRewardFor(trx, agent);
    if (reward) {
      const reversal = await new AwardStatements(store, new WebhookOutbox(store)).reverse(trx, reward.id, `Reversed: referred agent ${agent.name} was suspended as a puppet`, at);
      if ((await referralCheckOf(trx, agent.id))?.activity_id === reward.id) await markReversed(trx, reward.id, `${agent.name} suspended as a puppet`, at, reversal?.activity.id ?? null);
      lines.push(
        reversal
          ? `referral reward #${reward.id} reversed by ledger row #${reversal.activity.id} (${reversal.activity.points}), ${reversal.agent.name} now ${reversal.agent.points} points`
          : `referral reward #${reward.id} was already reversed`,
      );
    } else lines.push('its registration paid no referral reward');
    return ok(...lines);
  });
}

async function suspiciousReport(db: OpenDatabase['db'], s: SuspicionConfig): Promise<string[]> {
  const [addresses, referrals, rings, reversals] = await Promise.all([
    agentsByAddress(db, s.agentsPerAddress),
    referralClusters(db, s.referralsPerReferrer),
    taskRings(db),
    highReversalRates(db, s.minDecidedChecks, s.reversalRate),
  ]);
  const lines: string[] = [];
  for (const c of addresses) {
    const operators = new Set(c.agents.map((a) => a.operator?.trim().toLowerCase() || '(none)'));
    const referrers = new Set(c.agents.map((a) => a.referrer).filter(Boolean));
    lines.push(
      `[address] ${c.address}: ${c.agents.length} agents registered (listed from ${s.agentsPerAddress}; an address may be a shared egress, so this is evidence, not proof)`,
      `  agents: ${c.agents.map((a) => `${a.name}${a.suspended ? ' (suspended)' : ''}`).join(', ')}`,
      `  evidence: ${operators.size} operator(s); referred by ${referrers.size ? [...referrers].join(', ') : 'nobody'}; ${c.agents.reduce((n, a) => n + a.points, 0)} points in total`,
    );
  }
  for (const r of referrals) {
    lines.push(
      `[referrals] ${r.referrer} referred ${r.referred} agents (listed from ${s.referralsPerReferrer}) from ${r.addresses} address(es)`,
      `  evidence: ${r.paid} referral rewards paid, ${r.reversed} reversed; ${r.referredVerified} referred agent(s) with a verified promotion; ${r.referringOn} referred agent(s) referring on (a chain)`,
    );
  }
  for (const t of rings) {
    const ties = [t.sameAddress ? 'same address' : '', t.sameOperator ? 'same operator' : ''].filter(Boolean).join(', ');
    lines.push(`[task-ring] ${t.a} <-> ${t.b}: ${t.a} claimed ${t.aClaimedB} task(s) of ${t.b}, ${t.b} claimed ${t.bClaimedA} of ${t.a}${ties ? `; ${ties}` : ''}`);
  }
  for (const r of reversals) {
    lines.push(
      `[reversals] ${r.name}: ${r.reversed} of ${r.decided} decided checks reversed (${Math.round((100 * r.reversed) / r.decided)}%, listed from ${Math.round(s.reversalRate * 100)}%), ${r.pending} pending`,
    );
  }
  const clusters = addresses.length + referrals.length + rings.length + reversals.length;
  return [clusters ? `${clusters} suspicious cluster(s):` : 'no suspicious clusters', ...lines];
}

/**
 * Failing and disabled webhook endpoints: the agent's receiver is down or refusing, and since
 * when. The url and the last error (which quotes the receiver's answer) are the outside world's
 * text, shown through `escapeForTerminal`.
 */
async function webhooksReport(db: OpenDatabase['db']): Promise<string[]> {
  const endpoints = await failingEndpoints(db);
  if (!endpoints.length) return ['no failing webhook endpoints'];
  const lines = [`${endpoints.length} failing webhook endpoint(s):`];
  for (const e of endpoints) {
    const state = e.disabledAt ? `DISABLED at ${e.disabledAt}` : `failing since ${e.failingSince}`;
    lines.push(
      `  ${e.id} ${e.agent} ${escapeForTerminal(e.url)}`,
      `    ${state}; last success ${e.lastSuccessAt ?? 'never'}; ${e.pending} pending, ${e.failed} failed deliveries`,
      `    last error: ${escapeForTerminal(e.lastError ?? '-')}`,
    );
  }
  return lines;
}
