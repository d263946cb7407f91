import { randomBytes } from 'node:crypto';
import { onTestFinished } from 'vitest';
import { baseDb, coreDb } from '../../../src/server/db/database.ts';
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
 * test finishes (tests share the demo company and must leave its limit as they found it).
 */
export async function roomForTags(companyId: number, n: number): Promise<void> {
  const shift = (by: number) =>
    coreDb()
      .updateTable('companies')
      .set((eb) => ({ tags_limit: eb('tags_limit', '+', by) }))
      .where('id', '=', companyId)
      .execute();
  await shift(n);
  onTestFinished(async () => {
    await shift(-n);
  });
}

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
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export async function bodyBytes(res: Response): Promise<Uint8Array> {
  return new Uint8Array(await res.arrayBuffer());
}
