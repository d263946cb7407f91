import { randomBytes } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { sql } from 'kysely';
import { baseDb, coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { provisionCompanyGroup } from '../../../src/server/domains/account/provision.ts';
import { DEMO_GROUP_SCHEMA } from '../../../src/server/seed/demo-users.ts';

export async function demoCompany(): Promise<{ groupId: number; companyId: number; schema: string }> {
  const r = await coreDb()
    .selectFrom('companies as c')
    .innerJoin('company_groups as g', 'g.id', 'c.company_group_id')
    .select(['g.id as groupId', 'c.id as companyId'])
    .where('g.schema_name', '=', DEMO_GROUP_SCHEMA)
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  return { ...r, schema: DEMO_GROUP_SCHEMA };
}

/**
 * Room for `n` more unused tags under a company's tags limit for one test, given back when the
 * test finishes (tests share the demo company and must leave its limit as they found it). Other
 * files leave unused tags on the demo company (fixtures made straight in the tables), so the room
 * is measured: `n`, plus what its unused tags already hold past the limit, plus a margin for the
 * files running alongside. A shift, never a set, so tests shifting at once compose.
 */
export async function roomForTags(companyId: number, n: number): Promise<void> {
  const company = await coreDb()
    .selectFrom('companies as c')
    .innerJoin('company_groups as g', 'g.id', 'c.company_group_id')
    .select(['c.tags_limit', 'g.schema_name'])
    .where('c.id', '=', companyId)
    .executeTakeFirstOrThrow();
  const { spare } = await tenantDb(company.schema_name)
    .selectFrom('tag_counts')
    .select(sql<number>`coalesce(sum(spare), 0)::int`.as('spare'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const by = n + Math.max(0, spare - company.tags_limit) + ROOM_MARGIN;
  const shift = (d: number) =>
    coreDb()
      .updateTable('companies')
      .set((eb) => ({ tags_limit: eb('tags_limit', '+', d) }))
      .where('id', '=', companyId)
      .execute();
  await shift(by);
  onTestFinished(async () => {
    await shift(-by);
  });
}

/** Unused tags other files may add to the demo company while a test holds its room. */
const ROOM_MARGIN = 500;

/** A second company inside the demo group (company admins may not use it). */
export async function otherDemoCompany(groupId: number): Promise<number> {
  const r = await coreDb()
    .insertInto('companies')
    .values({
      company_group_id: groupId,
      name: `Filial ${randomBytes(3).toString('hex')}`,
      fantasy_name: null,
      cnpj: null,
      main_contact_name: null,
      email: null,
      phone: null,
      address: null,
      image_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Another tenant with its own group admin (password Demo@123). */
export async function otherTenant(): Promise<{ groupId: number; companyId: number; email: string }> {
  const tag = randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const email = `qr.other.${tag}@example.test`;
  const r = await baseDb()
    .transaction()
    .execute((trx) =>
      provisionCompanyGroup(trx, {
        groupName: `Outro grupo ${tag}`,
        schemaName: `qrother${tag}`,
        company: { name: `Outra empresa ${tag}`, enabled: true },
        responsible: { name: 'Outro Admin', email, password: 'Demo@123' },
      }),
    );
  return { groupId: r.companyGroupId, companyId: r.companyId, email };
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined>,
  timeoutMs = 30_000,
  everyMs = 50,
  /** what the timeout's error prints: the state the test was waiting on */
  state?: () => Promise<unknown>,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until)
      throw new Error(
        state ? `timed out waiting; state: ${JSON.stringify(await state())}` : 'timed out waiting',
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function bodyBytes(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}
