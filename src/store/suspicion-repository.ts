/**
 * The evidence `npm run admin -- suspicious` shows operators: agents registered from one address,
 * referrers with many referred agents, agents claiming each other's tasks, and agents whose claims
 * are mostly reversed. Reads only; none of it is a rule an agent meets (addresses are shared by
 * honest agents too), it is where a person should look.
 */
import { sql } from 'kysely';
import type { Db } from './database.ts';

export interface AddressCluster {
  address: string;
  agents: { name: string; operator: string | null; referrer: string | null; points: number; suspended: number }[];
}

export async function agentsByAddress(db: Db, atLeast: number): Promise<AddressCluster[]> {
  const addresses = await db
    .selectFrom('agents')
    .select(['registered_from', (eb) => eb.fn.countAll<number>().as('n')])
    .where('registered_from', 'is not', null)
    .groupBy('registered_from')
    .having((eb) => eb.fn.countAll(), '>=', atLeast)
    .orderBy('n', 'desc')
    .execute();
  const clusters: AddressCluster[] = [];
  for (const { registered_from } of addresses) {
    const agents = await db
      .selectFrom('agents as a')
      .leftJoin('agents as r', 'r.id', 'a.referred_by')
      .select(['a.name', 'a.operator', 'r.name as referrer', 'a.points', 'a.suspended'])
      .where('a.registered_from', '=', registered_from!)
      .orderBy('a.id')
      .execute();
    clusters.push({ address: registered_from!, agents });
  }
  return clusters;
}

export interface ReferralCluster {
  referrer: string;
  referred: number;
  /** Referral rewards paid for these registrations, and how many of them were reversed. */
  paid: number;
  reversed: number;
  /** Referred agents with a verified promotion of their own. */
  referredVerified: number;
  /** Referred agents that referred agents in turn (a chain). */
  referringOn: number;
  addresses: number;
}

export async function referralClusters(db: Db, atLeast: number): Promise<ReferralCluster[]> {
  const rows = await sql<ReferralCluster>`
    select r.name as referrer, count(*) as referred,
      (select count(*) from activities x where x.agent_id = r.id and x.type = 'referral' and x.ref is not null) as paid,
      (select count(*) from activities x join activities v on v.reverses = x.id where x.agent_id = r.id and x.type = 'referral' and x.ref is not null) as reversed,
      sum(case when exists (select 1 from claim_checks c where c.agent_id = a.id and c.kind = 'url' and c.state = 'verified') then 1 else 0 end) as "referredVerified",
      sum(case when exists (select 1 from agents g where g.referred_by = a.id) then 1 else 0 end) as "referringOn",
      count(distinct a.registered_from) as addresses
    from agents a join agents r on r.id = a.referred_by
    group by r.id, r.name
    having count(*) >= ${sql.lit(atLeast)}
    order by referred desc`.execute(db);
  return rows.rows.map((r) => ({
    ...r,
    referred: Number(r.referred),
    paid: Number(r.paid),
    reversed: Number(r.reversed),
    referredVerified: Number(r.referredVerified),
    referringOn: Number(r.referringOn),
    addresses: Number(r.addresses),
  }));
}

export interface TaskRing {
  a: string;
  b: string;
  /** Tasks of b claimed by a, and of a claimed by b. */
  aClaimedB: number;
  bClaimedA: number;
  sameAddress: boolean;
  sameOperator: boolean;
}

/** Pairs of agents that claimed each other's tasks (both directions): the shape of a task ring. */
export async function taskRings(db: Db): Promise<TaskRing[]> {
  const rows = await sql<TaskRing>`
    with claims as (select claimed_by as claimer, poster_id as poster, count(*) as n from tasks where claimed_by is not null group by claimed_by, poster_id)
    select x.name as a, y.name as b, c1.n as "aClaimedB", c2.n as "bClaimedA",
      case when x.registered_from is not null and x.registered_from = y.registered_from then 1 else 0 end as "sameAddress",
      case when x.operator is not null and lower(trim(x.operator)) = lower(trim(y.operator)) then 1 else 0 end as "sameOperator"
    from claims c1 join claims c2 on c2.claimer = c1.poster and c2.poster = c1.claimer
    join agents x on x.id = c1.claimer join agents y on y.id = c1.poster
    where c1.claimer < c1.poster
    order by c1.n + c2.n desc`.execute(db);
  return rows.rows.map((r) => ({ ...r, aClaimedB: Number(r.aClaimedB), bClaimedA: Number(r.bClaimedA), sameAddress: Number(r.sameAddress) === 1, sameOperator: Number(r.sameOperator) === 1 }));
}

export interface ReversalRate {
  name: string;
  decided: number;
  reversed: number;
  pending: number;
}

export async function highReversalRates(db: Db, minDecided: number, rate: number): Promise<ReversalRate[]> {
  const rows = await sql<ReversalRate>`
    select a.name,
      sum(case when c.state != 'pending' then 1 else 0 end) as decided,
      sum(case when c.state = 'reversed' then 1 else 0 end) as reversed,
      sum(case when c.state = 'pending' then 1 else 0 end) as pending
    from claim_checks c join agents a on a.id = c.agent_id
    group by a.id, a.name
    having sum(case when c.state != 'pending' then 1 else 0 end) >= ${sql.lit(minDecided)}
       and sum(case when c.state = 'reversed' then 1 else 0 end) >= ${sql.lit(rate)} * sum(case when c.state != 'pending' then 1 else 0 end)
    order by reversed desc`.execute(db);
  return rows.rows.map((r) => ({ name: r.name, decided: Number(r.decided), reversed: Number(r.reversed), pending: Number(r.pending) }));
}

/** The referral reward a referred agent paid its referrer, if one was paid. */
export function referralRewardFor(db: Db, referred: { id: number; referred_by: number | null }) {
  if (referred.referred_by === null) return Promise.resolve(undefined);
  return db.selectFrom('activities').select(['id', 'points']).where('agent_id', '=', referred.referred_by).where('type', '=', 'referral').where('ref', '=', String(referred.id)).executeTakeFirst();
}
