import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../src/server/config.ts';
import { baseDb, coreDb, getPool, tenantDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { today as todayInApp } from '../../../src/server/db/days.ts';
import { auditJobs } from '../../../src/server/domains/audit/jobs.ts';
import { sweepAuditRetention } from '../../../src/server/domains/audit/retention.ts';
import { createRegistry } from '../../../src/server/jobs/define.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import { type DocumentsTenant, documentsTenant, equipmentOf, waitFor } from '../documents/helpers.ts';
import { createTag, register } from '../equipment/helpers.ts';
import { makeUser } from '../organisations/fixtures.ts';
import { otherTenant } from '../qr/helpers.ts';

/**
 * The audit trail (issue 29 items 4–5): entries written by the database in the transaction of the
 * change, the header's who/where, the append-only guard, the screen's filters and scope, the
 * retention sweep and the CSV export job.
 */
const worker = startWorker({ registry: createRegistry([auditJobs]), concurrency: 1 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let t: DocumentsTenant;
beforeAll(async () => {
  t = await documentsTenant();
}, 120_000);

const db = () => tenantDb(t.schema);
const db3 = (schema: string) => tenantDb(schema);

/** The equipment row of a tag serial. */
async function equipmentId(serial: string): Promise<number> {
  const row = await db()
    .selectFrom('equipment')
    .innerJoin('tags', 'tags.id', 'equipment.tag_id')
    .select('equipment.id')
    .where('tags.serial_number', '=', serial)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('audit trail (written by the database)', () => {
  it('an equipment edit through REST: one header with the user and IP, one entry with the changed fields', async () => {
    const eq = await equipmentOf(t);
    const id = await equipmentId(eq.serial);
    const edited = await rest('PUT', `/web/equipments/${eq.serial}/`, {
      token: t.tokens.companyAdmin,
      ip: '203.0.113.77',
      body: {
        productId: t.catalogue.productId,
        extraLabel: 'Depois da auditoria',
        extraCode: eq.extraCode,
        attributes: [{ attributeId: t.catalogue.attributes.number, value: `Cilindro ${eq.extraCode}` }],
      },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const entries = await db()
      .selectFrom('audit_entries')
      .selectAll()
      .where('entity', '=', 'equipment')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'UPDATE')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toEqual({ extra_label: [eq.extraLabel, 'Depois da auditoria'] });
    const header = await db()
      .selectFrom('audit_transactions')
      .selectAll()
      .where('id', '=', entries[0]!.transaction_id!)
      .executeTakeFirstOrThrow();
    expect(header).toMatchObject({
      ip: '203.0.113.77',
      role: 'COMPANY_ADMIN',
      operation: 'equipment.update',
    });
    expect(Number(entries[0]!.company_id)).toBe(t.companyId);
  });

  it('a raw SQL change is logged without a header; the log refuses UPDATE, DELETE and TRUNCATE', async () => {
    const eq = await equipmentOf(t);
    const id = await equipmentId(eq.serial);
    const s = sql.id(tenantSchemaName(t.schema));
    await sql`update ${s}.equipment set extra_code = 'RAW-1' where id = ${id}`.execute(baseDb());
    const entry = await db()
      .selectFrom('audit_entries')
      .selectAll()
      .where('entity', '=', 'equipment')
      .where('entity_id', '=', String(id))
      .where('action', '=', 'UPDATE')
      .executeTakeFirstOrThrow();
    expect(entry.transaction_id).toBeNull();
    expect(entry.changes).toEqual({ extra_code: [eq.extraCode, 'RAW-1'] });
    for (const statement of [
      sql`update ${s}.audit_entries set changes = '{}' where id = ${entry.id}`,
      sql`delete from ${s}.audit_entries where id = ${entry.id}`,
      sql`truncate ${s}.audit_entries`,
      sql`delete from ${s}.audit_transactions`,
    ])
      await expect(statement.execute(baseDb())).rejects.toThrow(/append-only/);
  });

  it("an entry takes its own transaction's newest header, on the same connection, and none after a transaction that had one", async () => {
    // Tenant 1541: the header stamps itself in a transaction-local setting the trigger reads.
    const eq = await equipmentOf(t);
    const id = await equipmentId(eq.serial);
    const s = tenantSchemaName(t.schema);
    const c = await getPool().connect();
    const codes = ['STAMP-1', 'STAMP-2'] as const;
    try {
      await c.query('begin');
      await c.query(`insert into ${s}.audit_transactions (user_id, operation) values (1, 'first')`);
      const newest = await c.query<{ id: string }>(
        `insert into ${s}.audit_transactions (user_id, operation) values (2, 'second') returning id`,
      );
      await c.query(`update ${s}.equipment set extra_code = $1 where id = $2`, [codes[0], id]);
      await c.query('commit');
      // The next transaction on the connection has no header: its entry has none.
      await c.query(`update ${s}.equipment set extra_code = $1 where id = $2`, [codes[1], id]);
      const entries = await db()
        .selectFrom('audit_entries')
        .select(['transaction_id', 'user_id', 'changes'])
        .where('entity', '=', 'equipment')
        .where('entity_id', '=', String(id))
        .orderBy('id')
        .execute();
      const of = (code: string) =>
        entries.find((e) => (e.changes as { extra_code?: unknown[] }).extra_code?.[1] === code);
      expect(of(codes[0])).toMatchObject({ transaction_id: Number(newest.rows[0]!.id), user_id: 2 });
      expect(of(codes[1])).toMatchObject({ transaction_id: null, user_id: null });
    } finally {
      c.release();
    }
  });
  it('one statement over 10,000 rows is logged whole, in parts (a jsonb value is limited to 256 MB)', async () => {
    // A group of its own: the retention test below sweeps t's whole log two entries at a time.
    const other = await otherTenant();
    const g = await coreDb()
      .selectFrom('company_groups')
      .select('schema_name')
      .where('id', '=', other.groupId)
      .executeTakeFirstOrThrow();
    const s = sql.id(tenantSchemaName(g.schema_name));
    const prefix = `Bulk ${Date.now()} `;
    const ids = await sql<{ lo: number; hi: number }>`with added as (
        insert into ${s}.categories (name, enabled)
        select ${prefix} || g, true from generate_series(1, 10001) g returning id)
      select min(id)::int as lo, max(id)::int as hi from added`.execute(baseDb());
    const { lo, hi } = ids.rows[0]!;
    expect(hi - lo + 1).toBe(10_001);
    await sql`update ${s}.categories set enabled = false where id between ${lo} and ${hi}`.execute(baseDb());
    await sql`delete from ${s}.categories where id between ${lo} and ${hi}`.execute(baseDb());
    // Per action: the entries of those ids, and the distinct changes of the UPDATE ones.
    const logged = await sql<{ action: string; n: number; changes: unknown }>`
      select action, count(*)::int as n,
        case when action = 'UPDATE' then jsonb_agg(distinct changes) end as changes
      from ${s}.audit_entries
      where entity = 'categories' and entity_id::bigint between ${lo} and ${hi}
      group by action order by action`.execute(baseDb());
    expect(logged.rows).toEqual([
      { action: 'DELETE', n: 10_001, changes: null },
      { action: 'INSERT', n: 10_001, changes: null },
      { action: 'UPDATE', n: 10_001, changes: [{ enabled: [true, false] }] },
    ]);
  }, 60_000);
});

interface Entry {
  id: number;
  entity: string;
  entityId: string | null;
  action: string;
  companyId: number | null;
  userId: number | null;
  userEmail: string | null;
  ip: string | null;
  operation: string | null;
  changes: Record<string, unknown>;
}
type EntryPage = { items: Entry[]; total: number };
const qs = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

describe('the audit log screen (REST)', () => {
  it('filters by entity, action, user and period; company admins see only their company; operators 403', async () => {
    const eqA = await equipmentOf(t);
    const idA = await equipmentId(eqA.serial);
    const edit = (serial: string, token: string, extraLabel: string, extraCode: string) =>
      rest('PUT', `/web/equipments/${serial}/`, {
        token,
        body: {
          productId: t.catalogue.productId,
          extraLabel,
          extraCode,
          attributes: [{ attributeId: t.catalogue.attributes.number, value: `Cilindro ${extraCode}` }],
        },
      });
    expect((await edit(eqA.serial, t.tokens.group, 'Filtro A', eqA.extraCode)).status).toBe(200);
    // Company B's equipment (same group), edited by the group admin.
    const serialB = await createTag({ groupId: t.groupId, companyId: t.companyB, schema: t.schema });
    const idB = await register(t.tokens.group, {
      tagSerialNumber: serialB,
      productId: t.catalogue.productId,
    });
    const groupAdmin = await rest<{ id: number }>('GET', '/web/logged-user/', { token: t.tokens.group });
    const groupAdminId = (groupAdmin.json.data as { id: number }).id;

    // The period's days are the product's time zone's (not UTC's).
    const today = todayInApp();
    const list = (token: string, q: Record<string, string | number>) =>
      rest<EntryPage>('GET', `/web/audit-log/?${qs({ pageSize: 100, ...q })}`, { token });
    const byGroup = await list(t.tokens.group, {
      entity: 'equipment',
      action: 'UPDATE',
      userId: groupAdminId,
      from: today,
      to: today,
    });
    expect(byGroup.status, JSON.stringify(byGroup.json)).toBe(200);
    const mine = byGroup.json.data!.items.filter((e) => e.entityId === String(idA));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      entity: 'equipment',
      action: 'UPDATE',
      userId: groupAdminId,
      operation: 'equipment.update',
      changes: { extra_label: [eqA.extraLabel, 'Filtro A'] },
    });
    expect(byGroup.json.data!.items.every((e) => e.entity === 'equipment' && e.action === 'UPDATE')).toBe(
      true,
    );
    // The group admin sees company B's insert; company A's admin does not, even when asking for B.
    const inserts = await list(t.tokens.group, {
      entity: 'equipment',
      action: 'INSERT',
      companyId: t.companyB,
    });
    expect(inserts.json.data!.items.map((e) => e.entityId)).toContain(String(idB));
    const asA = await list(t.tokens.companyAdmin, { entity: 'equipment', companyId: t.companyB });
    expect(asA.status).toBe(200);
    expect(asA.json.data!.items.map((e) => e.entityId)).not.toContain(String(idB));
    expect(asA.json.data!.items.every((e) => e.companyId === t.companyId)).toBe(true);
    // A period before the edit holds none of it; a reversed period is refused.
    const before = await list(t.tokens.group, { entity: 'equipment', to: '2020-01-01' });
    expect(before.json.data!.total).toBe(0);
    const reversed = await list(t.tokens.group, { from: today, to: '2020-01-01' });
    expect([reversed.status, reversed.json.error?.code]).toEqual([400, 'AUDIT_PERIOD_INVALID']);
    // Operators have no access; another tenant sees none of this group's rows.
    const op = await list(t.tokens.operator, {});
    expect([op.status, op.json.error?.code]).toEqual([403, 'FORBIDDEN']);
    const other = await documentsTenant();
    const foreign = await list(other.tokens.group, { entity: 'equipment' });
    expect(foreign.status).toBe(200);
    expect(foreign.json.data!.items.map((e) => e.entityId)).not.toContain(String(idA));
    expect(foreign.json.data!.total).toBe(0);
  });

  it('a user role change in core is logged with before/after, under the group and the admin who made it', async () => {
    const name = 'Usuária Auditada';
    const u = await makeUser({ groupId: t.groupId, companyId: t.companyId, name });
    const r = await rest('PUT', `/web/company-users/${u.id}/`, {
      token: t.tokens.group,
      ip: '198.51.100.9',
      body: {
        name,
        email: u.email,
        phone: '11988887777',
        companyId: String(t.companyId),
        occupation: 'Técnico',
        status: 'ACTIVE',
        role: 'COMPANY_ADMIN',
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const page = await rest<EntryPage>(
      'GET',
      `/web/audit-log/?${qs({ source: 'accounts', entity: 'users', action: 'UPDATE' })}`,
      {
        token: t.tokens.group,
      },
    );
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    const entry = page.json.data!.items.find((e) => e.entityId === String(u.id));
    expect(entry).toMatchObject({
      ip: '198.51.100.9',
      operation: 'organisations.companyUsers.update',
      changes: { role: ['COMPANY_OPERATOR', 'COMPANY_ADMIN'] },
    });
    // Nothing of the password is ever logged.
    expect(JSON.stringify(page.json)).not.toContain('password');
    // Another group's admin does not see it.
    const other = await documentsTenant();
    const foreign = await rest<EntryPage>(
      'GET',
      `/web/audit-log/?${qs({ source: 'accounts', entity: 'users' })}`,
      {
        token: other.tokens.group,
      },
    );
    expect(foreign.json.data!.items.map((e) => e.entityId)).not.toContain(String(u.id));
  });
});

describe('the platform log (provider admin)', () => {
  it('shows a settings toggle with its before/after and who made it; other roles are refused', async () => {
    const provider = await loginAs(DEMO.admin);
    const row = await coreDb()
      .insertInto('system_config')
      .values({
        title: `Auditoria ${Math.random()}`,
        config_type: 'TOGGLE',
        config_value: '0',
        enabled: false,
        param: 'TEST',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const on = await rest('PUT', `/web/config-system/${row.id}/toggle/`, {
      token: provider,
      body: { enabled: true },
    });
    expect(on.status).toBe(200);
    const page = await rest<EntryPage>(
      'GET',
      `/web/audit-log/platform/?${qs({ entity: 'system_config', action: 'UPDATE', pageSize: 100 })}`,
      { token: provider },
    );
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    const entry = page.json.data!.items.find((e) => e.entityId === String(row.id));
    expect(entry).toMatchObject({
      userEmail: DEMO.admin,
      operation: 'config.toggle',
      changes: { enabled: [false, true], config_value: ['0', '1'] },
    });
    const asGroup = await rest('GET', '/web/audit-log/platform/', { token: t.tokens.group });
    expect([asGroup.status, asGroup.json.error?.code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('retention and export', () => {
  it('the retention sweep deletes only entries older than AUDIT_RETENTION_DAYS, through its ticket', async () => {
    const eq = await equipmentOf(t);
    const id = await equipmentId(eq.serial);
    const s = sql.id(tenantSchemaName(t.schema));
    // An old entry, written as the sweep would see it a year from now (entries are append-only, so
    // the test moves the clock instead of the rows).
    const fresh = await db()
      .selectFrom('audit_entries')
      .select(['id', 'at'])
      .where('entity_id', '=', String(id))
      .execute();
    expect(fresh.length).toBeGreaterThan(0);
    const inAYear = new Date(Date.now() + 366 * 86_400_000);
    process.env.AUDIT_RETENTION_DAYS = '365';
    resetConfig();
    try {
      // A sweep "now" keeps them all.
      await sweepAuditRetention({ schemas: [t.schema], batch: 2 });
      expect(
        await db().selectFrom('audit_entries').select('id').where('entity_id', '=', String(id)).execute(),
      ).toHaveLength(fresh.length);
      // A sweep a year later deletes them (and every other entry of the group, all younger than that).
      const r = await sweepAuditRetention({ schemas: [t.schema], now: inAYear, batch: 2 });
      expect(r.deleted).toBeGreaterThanOrEqual(fresh.length);
      expect(
        await db().selectFrom('audit_entries').select('id').where('entity_id', '=', String(id)).execute(),
      ).toHaveLength(0);
      const tickets = await db().selectFrom('audit_retention_runs').select('cutoff').execute();
      expect(tickets.length).toBeGreaterThan(0);
    } finally {
      delete process.env.AUDIT_RETENTION_DAYS;
      resetConfig();
    }
    // New changes are logged again.
    await sql`update ${s}.equipment set extra_code = 'AFTER-SWEEP' where id = ${id}`.execute(baseDb());
    expect(
      await db().selectFrom('audit_entries').select('id').where('entity_id', '=', String(id)).execute(),
    ).toHaveLength(1);
    // Without a ticket, a delete is still refused.
    await expect(sql`delete from ${s}.audit_entries`.execute(baseDb())).rejects.toThrow(/append-only/);
  });

  it('the CSV export job writes the filtered entries', async () => {
    const t3 = await documentsTenant();
    const eq = await equipmentOf(t3);
    const edited = await rest('PUT', `/web/equipments/${eq.serial}/`, {
      token: t3.tokens.companyAdmin,
      ip: '192.0.2.44',
      body: {
        productId: t3.catalogue.productId,
        extraLabel: 'Exportado, "com aspas"',
        extraCode: eq.extraCode,
        attributes: [{ attributeId: t3.catalogue.attributes.number, value: `Cilindro ${eq.extraCode}` }],
      },
    });
    expect(edited.status).toBe(200);
    const started = await rest<{ jobId: string }>('POST', '/web/audit-log/export', {
      token: t3.tokens.group,
      body: { entity: 'equipment', action: 'UPDATE' },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const jobId = started.json.data!.jobId;
    const job = await waitFor(async () => {
      const r = await rest<{ state: string }>('GET', `/web/jobs/${jobId}`, { token: t3.tokens.group });
      const state = r.json.data?.state;
      return state === 'completed' || state === 'failed' ? r.json.data : undefined;
    }, 30_000);
    expect(job.state).toBe('completed');
    const file = await rest('GET', `/web/jobs/${jobId}/download`, { token: t3.tokens.group });
    expect(file.status).toBe(200);
    const text = (await file.res.text()).replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Data/hora,Usuário,E-mail,Papel,IP,Operação,Entidade,Nome da entidade,Registro,Ação,Nome da ação,Empresa,Alterações',
    );
    const rows = await db3(t3.schema)
      .selectFrom('audit_entries')
      .select('id')
      .where('entity', '=', 'equipment')
      .where('action', '=', 'UPDATE')
      .execute();
    expect(lines).toHaveLength(1 + rows.length);
    const line = lines.find((l) => l.includes('192.0.2.44'))!;
    // The raw entity and action for scripts, and their names for people.
    expect(line).toContain(',COMPANY_ADMIN,192.0.2.44,equipment.update,equipment,Equipamento,');
    expect(line).toContain(',UPDATE,Alteração,');
    expect(line).toContain(`"{""extra_label"":[""${eq.extraLabel}"",""Exportado, \\""com aspas\\""""]}"`);
    // Another tenant's admin cannot read the job.
    expect((await rest('GET', `/web/jobs/${jobId}`, { token: t.tokens.group })).status).toBe(404);
  });
});
