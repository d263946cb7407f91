/** Helpers the billing services share: the group lock, provider calls, customers, counts. */
import { sql } from 'kysely';
import type { AuthContext } from '../../context.ts';
import { baseDb, coreDb, type TenantDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../logger.ts';
import { providerName } from './catalog.ts';
import type { BillingProvider } from './provider.ts';

/** How long a call waits for another one on the same group's billing (then 503, retried). */
const GROUP_LOCK_WAIT_MS = 30_000;

/**
 * Runs `fn` holding the group's billing lock (a session-level advisory lock on one pooled
 * connection; `fn`'s own statements autocommit on others): two calls that would create, cancel or
 * change a group's subscription queue up instead of both asking the provider. A caller that finds
 * the lock taken gives its connection back while it waits (so waiters cannot starve the pool the
 * holder needs), and after GROUP_LOCK_WAIT_MS answers 503 BILLING_PROVIDER_UNAVAILABLE. The
 * connection closing releases the lock if the process dies.
 */
export async function withGroupBillingLock<T>(groupId: number, fn: () => Promise<T>): Promise<T> {
  const key = `billing-group:${groupId}`;
  const deadline = Date.now() + GROUP_LOCK_WAIT_MS;
  for (;;) {
    const r = await baseDb()
      .connection()
      .execute(async (conn) => {
        const { rows } = await sql<{
          ok: boolean;
        }>`select pg_try_advisory_lock(hashtextextended(${key}, 0)) as ok`.execute(conn);
        if (!rows[0]?.ok) return null;
        try {
          return { value: await fn() };
        } finally {
          await sql`select pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(conn);
        }
      });
    if (r) return r.value;
    if (Date.now() > deadline) throw new AppError('BILLING_PROVIDER_UNAVAILABLE');
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
  }
}

/**
 * A provider call: its own AppErrors (BILLING_PROVIDER_UNAVAILABLE, BILLING_PROVIDER_REJECTED…)
 * pass as they are; anything else (a network fault, a bug at the other end) is logged and answered
 * 503 BILLING_PROVIDER_UNAVAILABLE, which the client retries.
 */
export async function callProvider<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw e;
    log.error(`billing provider: ${what} failed`, { error: String(e) });
    throw new AppError('BILLING_PROVIDER_UNAVAILABLE');
  }
}

/**
 * The group's customer at the provider (created on first use: the group's name, its first group
 * admin's e-mail, its first company's CNPJ); every user of the group gets it as `vindi_id`.
 */
export async function ensureCustomer(provider: BillingProvider, groupId: number): Promise<string> {
  const db = coreDb();
  const name = providerName();
  const found = await db
    .selectFrom('billing_customers')
    .select('provider_id')
    .where('company_group_id', '=', groupId)
    .where('provider', '=', name)
    .executeTakeFirst();
  if (found) return found.provider_id;
  const group = await db
    .selectFrom('company_groups as g')
    .select([
      'g.name',
      (eb) =>
        eb
          .selectFrom('users as u')
          .select('u.email')
          .whereRef('u.company_group_id', '=', 'g.id')
          .where('u.role', '=', 'COMPANY_GROUP_ADMIN')
          .where('u.status', '=', 'ACTIVE')
          .orderBy('u.id')
          .limit(1)
          .as('email'),
      (eb) =>
        eb
          .selectFrom('companies as c')
          .select('c.cnpj')
          .whereRef('c.company_group_id', '=', 'g.id')
          .orderBy('c.id')
          .limit(1)
          .as('cnpj'),
    ])
    .where('g.id', '=', groupId)
    .executeTakeFirstOrThrow();
  const customer = await callProvider('create customer', () =>
    provider.createCustomer({
      name: group.name,
      email: group.email ?? `group-${groupId}@invalid.example`,
      code: `group-${groupId}`,
      registryCode: group.cnpj ?? null,
    }),
  );
  await db
    .insertInto('billing_customers')
    .values({ company_group_id: groupId, provider: name, provider_id: customer.providerId })
    .onConflict((oc) => oc.columns(['company_group_id', 'provider']).doNothing())
    .execute();
  const kept = await db
    .selectFrom('billing_customers')
    .select('provider_id')
    .where('company_group_id', '=', groupId)
    .where('provider', '=', name)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ vindi_id: kept.provider_id })
    .where('company_group_id', '=', groupId)
    .where('vindi_id', 'is distinct from', kept.provider_id)
    .execute();
  return kept.provider_id;
}

/** Equipment registered in a group, from the dashboard's counters (one row per company). */
export async function equipmentCount(tenant: TenantDb): Promise<number> {
  const { n } = await tenant
    .selectFrom('dashboard_totals')
    .select(sql<number>`coalesce(sum(equipment), 0)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

/** The caller's own company group (a provider admin: any), else 404 as for a group that does not exist. */
export function requireOwnGroup(auth: AuthContext, groupId: number): void {
  if (auth.role === 'MOBCHECK_ADMIN') return;
  if (auth.user.company_group_id !== groupId) throw new AppError('NOT_FOUND');
}
