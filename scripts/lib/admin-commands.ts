/**
 * Operator commands over the rewards database. Every change of points is a ledger row of type
 * `adjustment` carrying the operator's reason, written with the agent's total in one
 * transaction: there is no silent edit of a total.
 */
import { tierFor } from '../../src/domain/tiers.ts';
import { allAgents, findAgentByName, setAgentFlag } from '../../src/store/agent-repository.ts';
import { AwardStatements } from '../../src/store/award-statements.ts';
import { writeTransaction, type OpenDatabase } from '../../src/store/database.ts';
import { ledgerMismatches, recentActivity } from '../../src/store/ledger-repository.ts';

export interface CommandResult {
  exitCode: number;
  lines: string[];
}

const usage = [
  'usage: npm run admin -- <command>',
  '  list                                   every agent with tier, points and flags',
  '  show <name>                            one agent and its latest ledger rows',
  '  suspend <name> | unsuspend <name>      stop / allow writes and leaderboard listing',
  '  verify <name> | unverify <name>        operator verification (reputation component)',
  '  adjust <name> <points> --reason "..."  add (or with a minus sign remove) points via a ledger row',
  '  check                                  every total equals the sum of its ledger (exit 1 if not)',
];

const ok = (...lines: string[]): CommandResult => ({ exitCode: 0, lines });
const fail = (...lines: string[]): CommandResult => ({ exitCode: 1, lines });
const flags = (a: { suspended: number; verified: number; partner: number }) =>
  [a.partner ? 'partner' : '', a.verified ? 'verified' : '', a.suspended ? 'SUSPENDED' : ''].filter(Boolean).join(',') || '-';

export async function runAdminCommand(store: Pick<OpenDatabase, 'db' | 'raw'>, argv: string[], now: () => Date = () => new Date()): Promise<CommandResult> {
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
        ...rows.map((r) => `  #${r.id} ${r.created_at} ${r.type.padEnd(14)} ${String(r.points).padStart(5)}  ${r.url ?? ''} ${r.description ?? ''}`.trimEnd()),
      );
    }
    case 'suspend':
    case 'unsuspend':
    case 'verify':
    case 'unverify': {
      const agent = rest[0] ? await findAgentByName(db, rest[0]) : undefined;
      if (!agent) return fail(`no agent named "${rest[0] ?? ''}"`);
      const flag = command.endsWith('suspend') ? 'suspended' : 'verified';
      await setAgentFlag(db, agent.id, flag, !command.startsWith('un'));
      return ok(`${agent.name}: ${flag} = ${!command.startsWith('un')}`);
    }
    case 'adjust': {
      const reasonAt = rest.indexOf('--reason');
      const reason = reasonAt >= 0 ? rest[reasonAt + 1]?.trim() : undefined;
      const [name, pointsText] = rest.filter((_, i) => reasonAt < 0 || (i !== reasonAt && i !== reasonAt + 1));
      const points = Number(pointsText);
      if (!name || !/^[+-]?\d{1,7}$/.test(pointsText ?? '') || points === 0) return fail('adjust needs <name> and a non-zero whole number of points', ...usage);
      if (!reason) return fail('adjust needs --reason "..." (it is kept in the ledger)');
      return writeTransaction(db, async (trx) => {
        const agent = await findAgentByName(trx, name);
        if (!agent) return fail(`no agent named "${name}"`);
        if (agent.points + points < 0) return fail(`${agent.name} has ${agent.points} points; an adjustment cannot take the total below 0`);
        const r = new AwardStatements(store.raw).award(agent.id, { type: 'adjustment', points, description: reason.slice(0, 500), now: now() });
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
    default:
      return fail(...usage);
  }
}
