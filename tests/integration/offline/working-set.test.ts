import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import type { WorkingSetPage } from '../../../src/shared/field/schemas.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { uid } from '../catalogue/helpers.ts';
import { createTag } from '../equipment/helpers.ts';
import { equipmentOf, inspected, type OfflineTenant, offlineTenant } from './helpers.ts';

/**
 * Issue 20 item 1: the offline working set — the catalogue on the first page, then the company's
 * equipment and unused enabled tags in keyset pages that cover each exactly once, within the
 * caller's company.
 */
let t: OfflineTenant;
const A = { equipment: [] as number[], unused: [] as string[] };
const B = { equipment: [] as number[], unused: [] as string[] };
beforeAll(async () => {
  t = await offlineTenant();
  // Company A: 23 equipment in bulk (tags in use, as a large company's), 2 registered, one of them
  // on a tag disabled afterwards; 6 unused tags and one disabled unused tag (not in the set).
  const s = tenantSchemaName(t.schema);
  const tb = (name: string) => sql.table(`${s}.${name}`);
  const prefix = `WS${uid().toUpperCase()}`;
  await sql`insert into ${tb('tags')} (serial_number, company_id, enabled, activated_at)
    select ${prefix} || lpad(g::text, 4, '0'), ${t.companyId}::bigint, true, now() from generate_series(1, 23) g`.execute(
    baseDb(),
  );
  await sql`insert into ${tb('equipment')} (tag_id, company_id, product_id, extra_label)
    select tg.id, ${t.companyId}::bigint, ${t.catalogue.productId}::int, 'Lote ' || tg.serial_number
    from ${tb('tags')} tg where tg.serial_number like ${`${prefix}%`}`.execute(baseDb());
  for (let i = 0; i < 2; i++) await equipmentOf(t, { label: `Registrado ${i}` });
  const off = await equipmentOf(t, { label: 'Tag desativada' });
  await t.db.updateTable('tags').set({ enabled: false }).where('serial_number', '=', off.serial).execute();
  for (let i = 0; i < 6; i++)
    A.unused.push(await createTag({ groupId: t.groupId, companyId: t.companyId, schema: t.schema }));
  await createTag({ groupId: t.groupId, companyId: t.companyId, schema: t.schema }, { enabled: false });
  // Company B: 4 equipment, 2 unused tags.
  for (let i = 0; i < 4; i++) await equipmentOf(t, { companyId: t.companyB, label: `Filial ${i}` });
  for (let i = 0; i < 2; i++)
    B.unused.push(await createTag({ groupId: t.groupId, companyId: t.companyB, schema: t.schema }));
  const ids = async (companyId: number) =>
    (await t.db.selectFrom('equipment').select('id').where('company_id', '=', companyId).execute()).map(
      (r) => r.id,
    );
  A.equipment = await ids(t.companyId);
  B.equipment = await ids(t.companyB);
  expect(A.equipment).toHaveLength(26);
}, 60_000);

type Page = WorkingSetPage & { generatedAt: string };

async function page(token: string, q: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
  return rest<Page>('GET', `/web/field/working-set/?${qs}`, { token });
}

/** Every page of a download, in order. */
async function download(
  token: string,
  pageSize: number,
  q: Record<string, string | number> = {},
): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const r = await page(token, { ...q, pageSize, ...(cursor ? { cursor } : {}) });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    pages.push(r.json.data!);
    cursor = r.json.data!.nextCursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

const equipmentIds = (pages: Page[]) => pages.flatMap((p) => p.equipment.map((e) => e.id));
const unusedSerials = (pages: Page[]) => pages.flatMap((p) => p.unusedTags.map((u) => u.serialNumber));
const sorted = <T>(xs: T[]) => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('field.workingSet', () => {
  it('pages cover every equipment and unused tag of the operator’s company exactly once, the catalogue first', async () => {
    const pages = await download(t.tokens.operator, 10);
    // 26 equipment + 6 unused tags = 32 items: 4 pages of 10.
    expect(pages.map((p) => p.equipment.length + p.unusedTags.length)).toEqual([10, 10, 10, 2]);
    expect(pages.every((p) => p.total === 32)).toBe(true);
    const ids = equipmentIds(pages);
    expect(ids).toHaveLength(new Set(ids).size);
    expect(sorted(ids)).toEqual(sorted(A.equipment));
    expect(sorted(unusedSerials(pages))).toEqual(sorted(A.unused));
    expect(new Set(pages.map((p) => p.version)).size).toBe(1);
    expect(new Set(pages.map((p) => p.generatedAt)).size).toBe(1);
    expect(pages.every((p) => p.companyId === t.companyId)).toBe(true);
    expect(pages.flatMap((p) => p.equipment).every((e) => e.companyId === t.companyId)).toBe(true);
    expect(pages.slice(1).every((p) => p.catalogue === null)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages[0]!.limits).toEqual({
      offlineMaxAgeDays: 30,
      clockSkewMinutes: 5,
      presenceMaxDistanceM: 200,
      presenceMaxSubmitDelayMinutes: 30,
    });
    // The equipment on a disabled tag is there, flagged; the disabled unused tag is not.
    const disabled = pages.flatMap((p) => p.equipment).find((e) => e.extraLabel === 'Tag desativada');
    expect(disabled?.enabledTag).toBe(false);
  });

  it('the catalogue holds the forms: questions in order with custom answers, maintenance questions, attributes, parts', async () => {
    const [first] = await download(t.tokens.operator, 2000);
    const cat = first!.catalogue!;
    const c = t.catalogue;
    const product = cat.products.find((p) => p.id === c.productId)!;
    expect(product).toMatchObject({
      registrable: true,
      isDueDate: true,
      isExtinguisher: true,
      inspectionTypeId: c.typeId,
    });
    expect(product.parts.map((p) => p.id)).toEqual([c.parts.powder, c.parts.gauge]);
    const type = cat.inspectionTypes.find((x) => x.id === c.typeId)!;
    expect(type.questions.map((q) => q.id)).toEqual([
      c.questions.seal,
      c.questions.cylinder,
      c.questions.notes,
      c.questions.access,
    ]);
    expect(type.questions[1]!.customAnswers.map((a) => a.id)).toEqual([
      c.cylinder.ok,
      c.cylinder.dented,
      c.cylinder.na,
    ]);
    expect(type.maintenanceQuestions.map((q) => q.id)).toEqual([
      c.maintenance.recharged,
      c.maintenance.description,
    ]);
    expect(type.attributes.map((a) => a.id)).toEqual([
      c.attributes.manufacturing,
      c.attributes.recharge,
      c.attributes.number,
    ]);
    expect(cat.companies).toEqual([{ id: t.companyId, name: t.companyName }]);
    // Every product of the set's equipment is in the catalogue, and every type of every product.
    const productIds = new Set(cat.products.map((p) => p.id));
    expect(first!.equipment.every((e) => productIds.has(e.productId))).toBe(true);
    const typeIds = new Set(cat.inspectionTypes.map((x) => x.id));
    expect(cat.products.every((p) => typeIds.has(p.inspectionTypeId))).toBe(true);
  });

  it('holds the equipment as the field shows it: status, dates and attribute values', async () => {
    const e = await equipmentOf(t, { label: 'Inspecionado offline' });
    await inspected(t, e.serial, {
      attributes: [{ attributeId: t.catalogue.attributes.number, value: 'CIL-9' }],
    });
    const pages = await download(t.tokens.operator, 2000);
    const item = pages.flatMap((p) => p.equipment).find((x) => x.id === e.id)!;
    expect(item).toMatchObject({ tagSerialNumber: e.serial, status: 'VALID', enabledTag: true });
    expect(item.lastInspectionAt).not.toBeNull();
    expect(item.nextInspectionDate).not.toBeNull();
    expect(item.attributes).toEqual([{ attributeId: t.catalogue.attributes.number, value: 'CIL-9' }]);
  });

  it('respects the company scope: another company’s operator gets its own set, never A’s', async () => {
    const pagesB = await download(t.tokens.operatorB, 10);
    expect(sorted(equipmentIds(pagesB))).toEqual(sorted(B.equipment));
    expect(sorted(unusedSerials(pagesB))).toEqual(sorted(B.unused));
    expect(pagesB[0]!.total).toBe(B.equipment.length + B.unused.length);
    // Naming company A is 404, as for a company that does not exist.
    const named = await page(t.tokens.operatorB, { companyId: t.companyId });
    expect(named.status).toBe(404);
    expect(named.json.error?.code).toBe('NOT_FOUND');
    // A cursor of A's download does not continue in B's.
    const first = await page(t.tokens.operator, { pageSize: 10 });
    const foreign = await page(t.tokens.operatorB, { pageSize: 10, cursor: first.json.data!.nextCursor! });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error?.code).toBe('WORKING_SET_CURSOR_INVALID');
    const garbage = await page(t.tokens.operator, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(garbage.json.error?.code).toBe('WORKING_SET_CURSOR_INVALID');
    // Another tenant's operator: nothing of this tenant.
    const demo = await loginAs(DEMO.operator);
    const first2 = await page(demo, { pageSize: 10 });
    expect(first2.status).toBe(200);
    const theirs = new Set(first2.json.data!.equipment.map((e) => e.tagSerialNumber));
    const ours = await t.db
      .selectFrom('tags')
      .select('serial_number')
      .where('company_id', '=', t.companyId)
      .execute();
    expect(ours.length).toBeGreaterThan(30);
    expect(ours.some((r) => theirs.has(r.serial_number))).toBe(false);
    expect(first2.json.data!.companyId).not.toBe(t.companyId);
  });

  it('a group admin gets every company of the group, or the one named', async () => {
    const all = await download(t.tokens.group, 20);
    expect(all[0]!.companyId).toBeNull();
    expect(sorted(equipmentIds(all))).toEqual(
      sorted([...A.equipment, ...B.equipment, ...(await extraIds())]),
    );
    expect(sorted(unusedSerials(all))).toEqual(sorted([...A.unused, ...B.unused]));
    expect(all[0]!.catalogue!.companies.map((c) => c.id)).toEqual(
      [t.companyId, t.companyB].sort((a, b) => a - b),
    );
    const onlyB = await download(t.tokens.group, 20, { companyId: t.companyB });
    expect(sorted(equipmentIds(onlyB))).toEqual(sorted(B.equipment));
  });

  it('the tRPC door answers the same page; the version changes when the set does, not otherwise', async () => {
    const api = trpcClient(t.tokens.operator);
    const one = await api.field.workingSet.query({ pageSize: 10 });
    const two = await api.field.workingSet.query({ pageSize: 10 });
    expect(two.version).toBe(one.version);
    expect(one.generatedAt).toBeInstanceOf(Date);
    const e = await equipmentOf(t, { label: 'Nova' });
    const three = await api.field.workingSet.query({ pageSize: 10 });
    expect(three.version).not.toBe(one.version);
    await inspected(t, e.serial, {});
    const four = await api.field.workingSet.query({ pageSize: 10 });
    expect(four.version).not.toBe(three.version);
  });
});

/** Equipment the tests above added to company A after the fixture. */
async function extraIds(): Promise<number[]> {
  const now = (
    await t.db
      .selectFrom('equipment')
      .select('id')
      .where('company_id', 'in', [t.companyId, t.companyB])
      .execute()
  ).map((r) => r.id);
  const known = new Set([...A.equipment, ...B.equipment]);
  return now.filter((id) => !known.has(id));
}
