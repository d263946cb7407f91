import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDb, coreDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { refreshEquipmentSearch } from '../../../src/server/domains/equipment/search.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { countersAndRecount } from '../dashboard/helpers.ts';
import { roomForTags } from '../qr/helpers.ts';
import {
  type Catalogue,
  createTag,
  demoDb,
  equipmentSetup,
  newSerial,
  otherDemoCompany,
  register,
  type Setup,
  uid,
} from './helpers.ts';

/**
 * Equipment waiting for a tag (issue 31 item 1): inserted in SQL as the importer does (no tag,
 * keyed by company and control number), it is listed and reported with a null tag, found by the
 * `awaitingTag` filter and the claim's picker, bound to a tag at the first scan (`claimTag`) or in
 * bulk (`assignTags`), and the counters the database keeps stay equal to a recount.
 */
let t: Setup['t'];
let c: Catalogue;
let demo: Setup['demo'];
const made = { equipment: [] as number[], serials: [] as string[] };

beforeAll(async () => {
  ({ t, demo, c } = await equipmentSetup());
});

afterAll(async () => {
  // Leave no tagless equipment nor unused tags of ours on the shared demo group.
  if (made.equipment.length)
    await demoDb()
      .deleteFrom('equipment')
      .where('id', 'in', made.equipment)
      .where('tag_id', 'is', null)
      .execute();
  if (made.serials.length) {
    const unused = await demoDb()
      .deleteFrom('tags')
      .where('serial_number', 'in', made.serials)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('equipment as e').select('e.id').whereRef('e.tag_id', '=', 'tags.id'))),
      )
      .returning('serial_number')
      .execute();
    if (unused.length)
      await coreDb()
        .deleteFrom('tag_registry')
        .where(
          'serial',
          'in',
          unused.map((u) => u.serial_number),
        )
        .execute();
  }
});

/** A tag of `companyId` (the demo company by default), removed at the end when still unused. */
async function tagOf(companyId = demo.companyId, opts: { enabled?: boolean } = {}): Promise<string> {
  const serial = await createTag({ ...demo, companyId }, opts);
  made.serials.push(serial);
  return serial;
}

/** Tagless equipment as the importer writes it: company, product, labels, its search document. */
async function tagless(opts: { companyId?: number; code?: string; label?: string } = {}) {
  const code = opts.code ?? `CTL-${uid()}`;
  const row = await demoDb()
    .insertInto('equipment')
    .values({
      tag_id: null,
      company_id: opts.companyId ?? demo.companyId,
      product_id: c.productId,
      extra_label: opts.label ?? `Corredor ${uid()}`,
      extra_code: code,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshEquipmentSearch(demoDb(), { equipmentId: row.id });
  made.equipment.push(row.id);
  return { id: row.id, code };
}

interface ListItem {
  id: number;
  tagSerialNumber: string | null;
  enabledTag: boolean;
  extraCode: string | null;
}
const list = (token: string, q: string) =>
  rest<{ items: ListItem[]; total: number }>('GET', `/web/equipments/?${q}`, { token });

const claim = (token: string, serial: string, equipmentId: number) =>
  rest<{ id: number; tagSerialNumber: string }>('POST', `/web/equipments/${serial}/claim`, {
    token,
    body: { equipmentId },
  });

async function equipmentRow(id: number) {
  return demoDb()
    .selectFrom('equipment as e')
    .leftJoin('tags as t', 't.id', 'e.tag_id')
    .select(['e.tag_id', 'e.search', 't.serial_number', 't.activated_at'])
    .where('e.id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('lists and reports', () => {
  it('lists tagless equipment with a null tag, in the awaitingTag filter, both reports and the search', async () => {
    const e = await tagless();
    const tagged = await tagOf();
    await roomForTags(demo.companyId, 1);
    const other = await register(t.company, {
      tagSerialNumber: tagged,
      productId: c.productId,
      extraCode: e.code,
    });
    for (const token of [t.group, t.company, t.operator]) {
      const all = await list(token, `query=${e.code}&enabledTagsOnly=true`);
      expect(all.status).toBe(200);
      const mine = all.json.data!.items.find((i) => i.id === e.id);
      expect(mine).toMatchObject({ tagSerialNumber: null, enabledTag: true, extraCode: e.code });
      expect(all.json.data!.items.map((i) => i.id).sort()).toEqual([e.id, other].sort());
      const waiting = await list(token, `query=${e.code}&awaitingTag=yes`);
      expect(waiting.json.data!.items.map((i) => i.id)).toEqual([e.id]);
      const notWaiting = await list(token, `query=${e.code}&awaitingTag=no`);
      expect(notWaiting.json.data!.items.map((i) => i.id)).toEqual([other]);
    }
    const sorted = await list(t.company, `query=${e.code}&sort=tagSerialNumber&direction=asc`);
    expect(sorted.json.data!.items.map((i) => i.id)).toEqual([other, e.id]);
    const maintenance = await rest<{ items: ListItem[] }>(
      'GET',
      `/web/equipments/maintenance-report/?query=${e.code}&awaitingTag=yes`,
      { token: t.company },
    );
    expect(maintenance.status).toBe(200);
    expect(maintenance.json.data!.items.map((i) => [i.id, i.tagSerialNumber])).toEqual([[e.id, null]]);
    const viaTrpc = await trpcClient(t.group).equipment.list.query({ query: e.code, awaitingTag: 'yes' });
    expect(viaTrpc.items.map((i) => i.tagSerialNumber)).toEqual([null]);
  });

  it('the counters the database keeps equal a recount with tagless equipment, claimed and assigned', async () => {
    const company = await otherDemoCompany(demo.groupId);
    const a = await tagless({ companyId: company });
    const b = await tagless({ companyId: company });
    await tagless({ companyId: company });
    const [s1, s2] = [await tagOf(company), await tagOf(company)];
    await coreDb().updateTable('companies').set({ tags_limit: 10 }).where('id', '=', company).execute();
    expect((await claim(t.group, s1, a.id)).status).toBe(200);
    const bulk = await rest('POST', '/web/equipments/assign-tags/', {
      token: t.group,
      body: { companyId: company, pairs: [{ equipmentId: b.id, tagSerialNumber: s2 }] },
    });
    expect(bulk.status).toBe(200);
    const { counters, recount } = await countersAndRecount(demo.schema);
    const ofCompany = (lines: string[]) => lines.filter((l) => l.startsWith(`${company}|`));
    for (const key of ['totals', 'days', 'states'] as const)
      expect(ofCompany(counters[key])).toEqual(ofCompany(recount[key]));
    expect(ofCompany(counters.totals)).toContain(`${company}|equipment=3`);
    const s = sql.id(tenantSchemaName(demo.schema));
    const tags = await sql<{ kept: string; counted: string }>`
      select (select in_use || '/' || spare from ${s}.tag_counts where company_id = ${company}) as kept,
             (select count(*) filter (where enabled and activated_at is not null) || '/' ||
                     count(*) filter (where enabled and activated_at is null) from ${s}.tags where company_id = ${company}) as counted`.execute(
      baseDb(),
    );
    expect(tags.rows[0]).toEqual({ kept: '2/0', counted: '2/0' });
  });
});

describe('claimTag', () => {
  it('binds an unused tag to tagless equipment (operator, REST): rows, snapshot, search, reachable by tag', async () => {
    const e = await tagless();
    const serial = await tagOf();
    await roomForTags(demo.companyId, 1);
    const picker = await rest<{ items: { id: number; extraCode: string }[]; total: number }>(
      'GET',
      `/web/equipments/awaiting-tag/?query=${e.code}`,
      { token: t.operator },
    );
    expect(picker.status).toBe(200);
    expect(picker.json.data!.items).toEqual([expect.objectContaining({ id: e.id, extraCode: e.code })]);
    const r = await claim(t.operator, serial.toLowerCase(), e.id);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ id: e.id, tagSerialNumber: serial });
    const row = await equipmentRow(e.id);
    expect(row.serial_number).toBe(serial);
    expect(row.activated_at).not.toBeNull();
    expect(row.search).toContain(`|${serial.toLowerCase()}|`);
    const snaps = await demoDb()
      .selectFrom('equipment_snapshots')
      .select(['kind', 'tag_serial', 'extra_code', 'user_email'])
      .where('equipment_id', '=', e.id)
      .execute();
    expect(snaps).toEqual([
      { kind: 'TAG_ASSIGNED', tag_serial: serial, extra_code: e.code, user_email: expect.any(String) },
    ]);
    const got = await rest<{ id: number; tagSerialNumber: string }>('GET', `/web/equipments/${serial}/`, {
      token: t.operator,
    });
    expect(got.json.data).toMatchObject({ id: e.id, tagSerialNumber: serial });
    const after = await rest<{ total: number }>('GET', `/web/equipments/awaiting-tag/?query=${e.code}`, {
      token: t.operator,
    });
    expect(after.json.data!.total).toBe(0);
    const history = await rest<{ items: { kind: string; tagSerialNumber: string }[] }>(
      'GET',
      `/web/equipments/${serial}/snapshots`,
      { token: t.company },
    );
    expect(history.json.data!.items.map((i) => [i.kind, i.tagSerialNumber])).toEqual([
      ['TAG_ASSIGNED', serial],
    ]);
  });

  it('refuses a used or disabled tag, another company’s equipment and tagged equipment, changing nothing', async () => {
    const e = await tagless();
    await roomForTags(demo.companyId, 2);
    const used = await tagOf();
    await register(t.company, { tagSerialNumber: used, productId: c.productId });
    const usedR = await claim(t.company, used, e.id);
    expect([usedR.status, usedR.json.error?.code]).toEqual([409, 'TAG_ALREADY_USED']);
    const disabled = await tagOf(demo.companyId, { enabled: false });
    const disabledR = await claim(t.company, disabled, e.id);
    expect([disabledR.status, disabledR.json.error?.code]).toEqual([409, 'TAG_DISABLED']);
    const sister = await otherDemoCompany(demo.groupId);
    const theirs = await tagless({ companyId: sister });
    const free = await tagOf();
    for (const token of [t.group, t.company, t.operator]) {
      const r = await claim(token, free, theirs.id);
      expect([r.status, r.json.error?.code]).toEqual([404, 'EQUIPMENT_NOT_FOUND']);
    }
    const missing = await claim(t.company, free, 2_000_000_000);
    expect([missing.status, missing.json.error?.code]).toEqual([404, 'EQUIPMENT_NOT_FOUND']);
    const unknown = await claim(t.company, newSerial(), e.id);
    expect([unknown.status, unknown.json.error?.code]).toEqual([404, 'TAG_NOT_FOUND']);
    // Tagged equipment: the first claim binds, the second (another free tag) is 409.
    expect((await claim(t.company, free, e.id)).status).toBe(200);
    const again = await tagOf();
    const twice = await claim(t.company, again, e.id);
    expect([twice.status, twice.json.error?.code, twice.json.error?.params]).toEqual([
      409,
      'EQUIPMENT_ALREADY_TAGGED',
      { serial: free },
    ]);
    expect((await equipmentRow(theirs.id)).tag_id).toBeNull();
    const stillFree = await demoDb()
      .selectFrom('tags')
      .select('activated_at')
      .where('serial_number', '=', again)
      .executeTakeFirstOrThrow();
    expect(stillFree.activated_at).toBeNull();
  });

  it('a company admin picks only their company’s equipment; a group admin names the company', async () => {
    const sister = await otherDemoCompany(demo.groupId);
    const code = `PICK-${uid()}`;
    const mine = await tagless({ code: `${code}-A` });
    const theirs = await tagless({ companyId: sister, code: `${code}-B` });
    const ids = async (token: string, q = '') =>
      (
        await rest<{ items: { id: number }[] }>('GET', `/web/equipments/awaiting-tag/?query=${code}${q}`, {
          token,
        })
      ).json.data!.items.map((i) => i.id);
    expect(await ids(t.company)).toEqual([mine.id]);
    expect(await ids(t.company, `&companyId=${sister}`)).toEqual([]);
    expect(await ids(t.group)).toEqual([mine.id, theirs.id]);
    expect(await ids(t.group, `&companyId=${sister}`)).toEqual([theirs.id]);
  });
});

describe('assignTags', () => {
  it('assigns in bulk (admins only), all or nothing with an issue per refused pair', async () => {
    const company = await otherDemoCompany(demo.groupId);
    await coreDb().updateTable('companies').set({ tags_limit: 10 }).where('id', '=', company).execute();
    const eq = [
      await tagless({ companyId: company }),
      await tagless({ companyId: company }),
      await tagless({ companyId: company }),
    ];
    const serials = [await tagOf(company), await tagOf(company), await tagOf(company)].sort();
    const next = await rest<{ serials: string[] }>(
      'GET',
      `/web/equipments/next-unused-tags/?companyId=${company}&count=5`,
      {
        token: t.group,
      },
    );
    expect(next.json.data!.serials).toEqual(serials);
    const pairs = eq.map((e, i) => ({ equipmentId: e.id, tagSerialNumber: serials[i]! }));
    const forbidden = await rest('POST', '/web/equipments/assign-tags/', {
      token: t.operator,
      body: { companyId: company, pairs },
    });
    expect(forbidden.status).toBe(403);
    const demoTag = await tagOf();
    const bad = await rest('POST', '/web/equipments/assign-tags/', {
      token: t.group,
      body: {
        companyId: company,
        pairs: [
          ...pairs,
          { equipmentId: eq[0]!.id, tagSerialNumber: demoTag },
          { equipmentId: 2_000_000_000, tagSerialNumber: serials[0]! },
        ],
      },
    });
    expect(bad.status).toBe(409);
    expect(bad.json.error?.code).toBe('TAG_ASSIGNMENTS_INVALID');
    expect(bad.json.error?.issues).toEqual([
      { path: 'pairs.3.tagSerialNumber', message: 'TAG_NOT_FOUND' },
      { path: 'pairs.3.equipmentId', message: 'DUPLICATE' },
      { path: 'pairs.4.tagSerialNumber', message: 'DUPLICATE' },
      { path: 'pairs.4.equipmentId', message: 'EQUIPMENT_NOT_FOUND' },
    ]);
    for (const e of eq) expect((await equipmentRow(e.id)).tag_id).toBeNull();
    const ok = await trpcClient(t.group).equipment.assignTags.mutate({ companyId: company, pairs });
    expect(ok).toEqual({ assigned: 3 });
    for (const [i, e] of eq.entries()) expect((await equipmentRow(e.id)).serial_number).toBe(serials[i]);
    const again = await rest('POST', '/web/equipments/assign-tags/', {
      token: t.group,
      body: { companyId: company, pairs: [pairs[0]] },
    });
    expect(again.json.error?.issues).toEqual([
      { path: 'pairs.0.tagSerialNumber', message: 'TAG_ALREADY_USED' },
      { path: 'pairs.0.equipmentId', message: 'EQUIPMENT_ALREADY_TAGGED' },
    ]);
    // A company admin assigns for their own company only.
    const outside = await rest('POST', '/web/equipments/assign-tags/', {
      token: t.company,
      body: { companyId: company, pairs: [pairs[0]] },
    });
    expect([outside.status, outside.json.error?.code]).toEqual([404, 'EQUIPMENT_NOT_FOUND']);
  });

  it('holds the company’s tags limit for the whole batch', async () => {
    const company = await otherDemoCompany(demo.groupId);
    await coreDb().updateTable('companies').set({ tags_limit: 1 }).where('id', '=', company).execute();
    const eq = [await tagless({ companyId: company }), await tagless({ companyId: company })];
    const serials = [await tagOf(company), await tagOf(company)];
    const r = await rest('POST', '/web/equipments/assign-tags/', {
      token: t.group,
      body: {
        companyId: company,
        pairs: eq.map((e, i) => ({ equipmentId: e.id, tagSerialNumber: serials[i] })),
      },
    });
    expect([r.status, r.json.error?.code]).toEqual([409, 'TAGS_LIMIT_REACHED']);
    for (const e of eq) expect((await equipmentRow(e.id)).tag_id).toBeNull();
  });
});
