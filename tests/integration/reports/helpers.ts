import { sql } from 'kysely';
import { baseDb, coreDb, tenantDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { today } from '../../../src/server/db/days.ts';
import type { Equipment } from '../../../src/shared/equipment/schemas.ts';
import { addDays } from '../../../src/shared/equipment/status.ts';
import type { Page } from '../../../src/shared/list.ts';
import { loginAs, rest } from '../../helpers/api.ts';
import { createCategory, createType, productBody, uid } from '../catalogue/helpers.ts';
import { createTag, register } from '../equipment/helpers.ts';
import { addCompany, makeUser, PASSWORD } from '../organisations/fixtures.ts';
import { otherTenant } from '../qr/helpers.ts';

export { waitFor } from '../qr/helpers.ts';

/** A tenant of the test's own: its group admin, a second company, and a company admin and operator. */
export async function reportTenant() {
  const t = await otherTenant();
  const { schema_name: schema } = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', t.groupId)
    .executeTakeFirstOrThrow();
  const companyB = await addCompany(t.groupId, `Filial ${uid()}`);
  await coreDb()
    .updateTable('companies')
    .set({ tags_limit: 20_000 })
    .where('id', 'in', [t.companyId, companyB])
    .execute();
  const operator = await makeUser({ role: 'COMPANY_OPERATOR', groupId: t.groupId, companyId: t.companyId });
  const companyAdminB = await makeUser({ role: 'COMPANY_ADMIN', groupId: t.groupId, companyId: companyB });
  const [group, op, adminB] = await Promise.all([
    loginAs(t.email),
    loginAs(operator.email, PASSWORD),
    loginAs(companyAdminB.email, PASSWORD),
  ]);
  const names = await coreDb()
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', 'in', [t.companyId, companyB])
    .execute();
  return {
    schema,
    db: tenantDb(schema),
    groupId: t.groupId,
    companyA: t.companyId,
    companyB,
    companyName: (id: number) => names.find((n) => n.id === id)!.name,
    tokens: { group, operator: op, companyAdminB: adminB },
  };
}
export type ReportTenant = Awaited<ReturnType<typeof reportTenant>>;

async function put(token: string, path: string, body: unknown) {
  const r = await rest<{ id: number }[]>('PUT', path, { token, body });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

/**
 * Two categories: "Combate a Incêndio" / "Extintores" (DATE attributes named as the seed's, a TEXT
 * one) with an extinguisher that has an expiration date, and "Iluminação" / "Luminárias" (one
 * DATE attribute of another name) with a lamp. No questions: field records take `answers: []`.
 */
export async function reportCatalogue(token: string) {
  const tag = uid();
  const fireId = await createCategory(token, `Combate a Incêndio ${tag}`);
  const extType = await createType(token, `Extintores ${tag}`, fireId);
  const lightId = await createCategory(token, `Iluminação ${tag}`);
  const lampType = await createType(token, `Luminárias ${tag}`, lightId);
  const ext = await put(token, `/web/inspection-types/${extType}/inspection-type-attribute/`, [
    { attribute: 'Data de fabricação', type: 'DATE' },
    { attribute: 'Data de recarga', type: 'DATE' },
    { attribute: 'Data da última pesagem', type: 'DATE' },
    { attribute: 'Número do cilindro', type: 'TEXT' },
  ]);
  const lamp = await put(token, `/web/inspection-types/${lampType}/inspection-type-attribute/`, [
    { attribute: 'Data de instalação', type: 'DATE' },
  ]);
  const product = async (categoryId: number, typeId: number, over: Record<string, unknown>) => {
    const r = await rest<number>('POST', '/web/products/', {
      token,
      body: productBody(categoryId, typeId, {
        inspectionSchedule: 30,
        daysNotificationNextInspectionDate: 5,
        ...over,
      }),
    });
    if (r.status !== 201) throw new Error(`product: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data!;
  };
  const extinguisher = {
    name: `Extintor PQS ${tag}`,
    sku: `PQS-${tag}`,
  };
  const lampProduct = { name: `Luminária LED ${tag}`, sku: `LUM-${tag}` };
  return {
    fireId,
    extType,
    lightId,
    lampType,
    extinguisherId: await product(fireId, extType, {
      ...extinguisher,
      isDueDate: true,
      daysNotificationDueDate: 10,
    }),
    lampId: await product(lightId, lampType, { ...lampProduct, inspectionSchedule: 90 }),
    names: { extinguisher, lamp: lampProduct },
    attrs: {
      manufacturing: ext[0]!.id,
      recharge: ext[1]!.id,
      weighing: ext[2]!.id,
      cylinder: ext[3]!.id,
      installation: lamp[0]!.id,
    },
  };
}
export type ReportCatalogue = Awaited<ReturnType<typeof reportCatalogue>>;

/** The São Paulo noon of a day, as an instant (a day's records are kept at noon). */
export const noon = (day: string) => new Date(`${day}T15:00:00Z`);

export interface Made {
  id: number;
  serial: string;
  label: string;
}

/** Registers equipment on a new tag of `companyId` and answers its id, serial and label. */
export async function makeEquipment(
  tn: ReportTenant,
  body: { productId: number; extraLabel: string; extraCode?: string; attributes?: unknown[] },
  companyId = tn.companyA,
): Promise<Made> {
  const serial = await createTag({ groupId: tn.groupId, companyId, schema: tn.schema });
  const id = await register(tn.tokens.group, { tagSerialNumber: serial, ...body });
  return { id, serial, label: body.extraLabel };
}

/** Records an inspection over REST (its person), then puts it on `day` with the stored dates that follow. */
export async function inspectedOn(
  tn: ReportTenant,
  e: Made,
  day: string,
  opts: { schedule: number; notice: number; improper?: boolean },
): Promise<void> {
  const r = await rest('POST', `/web/equipments/${e.serial}/inspections`, {
    token: tn.tokens.group,
    body: { answers: [] },
  });
  if (r.status !== 201) throw new Error(`inspect: ${r.status} ${JSON.stringify(r.json)}`);
  const next = addDays(day, opts.schedule);
  await tn.db
    .updateTable('inspections')
    .set({ created_at: noon(day), performed_at: noon(day) })
    .where('equipment_id', '=', e.id)
    .execute();
  await tn.db
    .updateTable('equipment')
    .set({
      last_inspection_at: noon(day),
      last_inspection_day: day,
      last_inspection_improper: opts.improper ?? false,
      next_inspection_date: next,
      inspection_notice_date: addDays(next, -opts.notice),
    })
    .where('id', '=', e.id)
    .execute();
}

/** Records a maintenance over REST (its person), then moves it to instant `at`. */
export async function maintainedAt(tn: ReportTenant, e: Made, at: Date): Promise<void> {
  const r = await rest('POST', `/web/equipments/${e.serial}/maintenances`, {
    token: tn.tokens.group,
    body: { answers: [] },
  });
  if (r.status !== 201) throw new Error(`maintain: ${r.status} ${JSON.stringify(r.json)}`);
  await tn.db
    .updateTable('maintenances')
    .set({ created_at: at, performed_at: at })
    .where('equipment_id', '=', e.id)
    .execute();
  await tn.db.updateTable('equipment').set({ last_maintenance_at: at }).where('id', '=', e.id).execute();
}

export async function dueOn(tn: ReportTenant, e: Made, due: string | null, notice = 10): Promise<void> {
  await tn.db
    .updateTable('equipment')
    .set({ due_date: due, due_notice_date: due ? addDays(due, -notice) : null })
    .where('id', '=', e.id)
    .execute();
}

export async function createdOn(tn: ReportTenant, e: Made, at: Date): Promise<void> {
  await tn.db.updateTable('equipment').set({ created_at: at }).where('id', '=', e.id).execute();
}

type Query = Record<string, string | number | boolean>;
export const qs = (q: Query) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();

/** A page of a report over REST; throws unless 200. */
export async function reportPage(path: string, token: string, q: Query): Promise<Page<Equipment>> {
  const r = await rest<Page<Equipment>>('GET', `${path}?${qs(q)}`, { token });
  if (r.status !== 200) throw new Error(`${path} ${qs(q)}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}
export const INSPECTIONS = '/web/equipments/';
export const MAINTENANCES = '/web/equipments/maintenance-report/';

/** Days relative to the server's today (APP_TIME_ZONE). */
export const day = (n: number) => addDays(today(), n);

/**
 * `n` equipment of `productId` in one statement each for tags and equipment (no registration
 * rules: what a large tenant looks like to the reports), labelled `<prefix> 00001`….
 */
export async function bulkEquipment(
  tn: ReportTenant,
  productId: number,
  n: number,
  prefix: string,
): Promise<void> {
  const s = tenantSchemaName(tn.schema);
  const t = (name: string) => sql.table(`${s}.${name}`);
  await sql`insert into ${t('tags')} (serial_number, company_id, enabled, activated_at)
    select ${prefix.slice(0, 3).toUpperCase()} || lpad(g::text, 6, '0') || ${uid().toUpperCase()}, ${tn.companyA}::bigint, true, now()
    from generate_series(1, ${n}::int) g`.execute(baseDb());
  await sql`insert into ${t('equipment')} (tag_id, company_id, product_id, extra_label, created_at)
    select tg.id, ${tn.companyA}::bigint, ${productId}::int, ${prefix} || ' ' || lpad(row_number() over (order by tg.id)::text, 5, '0'),
      now() - interval '1 day'
    from ${t('tags')} tg where not exists (select 1 from ${t('equipment')} e where e.tag_id = tg.id)`.execute(
    baseDb(),
  );
}

/**
 * The reports' known data (every date fixed or relative to today):
 *
 * | key | product | company | tag | created | last inspection | status | due | maintained |
 * |---|---|---|---|---|---|---|---|---|
 * | e1 | ext | A | on | 2024-01-10 | 2024-03-01 | EXPIRED (next passed) | +100 VALID | 2024-03-05 |
 * | e2 | ext | A | on | 2024-02-15 | today−27 (next +3: EXPIRING) | VALID | +5 EXPIRING | never |
 * | e3 | ext | B | on | 2024-03-20 | never | NA | none | 2024-04-09 23:59:59 SP |
 * | e4 | lamp | A | on | 2024-04-01 | today−10, improper | IMPROPER | none | today−2 |
 * | e5 | lamp | B | OFF | 2024-05-01 | 2024-05-02 | EXPIRED | none | never |
 * | e6 | ext | A | on | today | today | EXPIRED (due passed) | −1 EXPIRED | 2024-06-01 |
 *
 * Attributes: recharge 2024-02-02 on e1 and e2, 2024-12-12 on e3; manufacturing 2020-05-05 on e1;
 * weighing 2024-04-04 on e2; "2024-02-02" also in e6's TEXT attribute and e4's installation date
 * (neither is a recharge date).
 */
export async function knownEquipment(tn: ReportTenant, c: ReportCatalogue) {
  const a = c.attrs;
  const ext = (label: string, attributes: { attributeId: number; value: string }[], company = tn.companyA) =>
    makeEquipment(
      tn,
      { productId: c.extinguisherId, extraLabel: label, extraCode: `C-${label}`, attributes },
      company,
    );
  const lamp = (label: string, attributes: { attributeId: number; value: string }[], company = tn.companyA) =>
    makeEquipment(
      tn,
      { productId: c.lampId, extraLabel: label, extraCode: `C-${label}`, attributes },
      company,
    );
  const e1 = await ext('Corredor Norte', [
    { attributeId: a.manufacturing, value: '2020-05-05' },
    { attributeId: a.recharge, value: '2024-02-02' },
  ]);
  const e2 = await ext('Sala de Reuniões', [
    { attributeId: a.recharge, value: '2024-02-02' },
    { attributeId: a.weighing, value: '2024-04-04' },
  ]);
  const e3 = await ext('Depósito', [{ attributeId: a.recharge, value: '2024-12-12' }], tn.companyB);
  const e4 = await lamp('Escada', [{ attributeId: a.installation, value: '2024-02-02' }]);
  const e5 = await lamp('Garagem', [], tn.companyB);
  const e6 = await ext('Recepção', [{ attributeId: a.cylinder, value: '2024-02-02' }]);
  const ext30 = { schedule: 30, notice: 5 };
  const lamp90 = { schedule: 90, notice: 5 };
  await inspectedOn(tn, e1, '2024-03-01', ext30);
  await inspectedOn(tn, e2, day(-27), ext30);
  await inspectedOn(tn, e4, day(-10), { ...lamp90, improper: true });
  await inspectedOn(tn, e5, '2024-05-02', lamp90);
  await inspectedOn(tn, e6, day(0), ext30);
  await dueOn(tn, e1, day(100));
  await dueOn(tn, e2, day(5));
  await dueOn(tn, e3, null);
  await dueOn(tn, e6, day(-1));
  await maintainedAt(tn, e1, noon('2024-03-05'));
  // 23:59:59 in São Paulo on 2024-04-09 (UTC−3): the 9th, not the 10th.
  await maintainedAt(tn, e3, new Date('2024-04-10T02:59:59Z'));
  await maintainedAt(tn, e4, noon(day(-2)));
  await maintainedAt(tn, e6, noon('2024-06-01'));
  await createdOn(tn, e1, noon('2024-01-10'));
  await createdOn(tn, e2, noon('2024-02-15'));
  await createdOn(tn, e3, noon('2024-03-20'));
  await createdOn(tn, e4, noon('2024-04-01'));
  await createdOn(tn, e5, noon('2024-05-01'));
  await tn.db.updateTable('tags').set({ enabled: false }).where('serial_number', '=', e5.serial).execute();
  return { e1, e2, e3, e4, e5, e6 };
}
export type Known = Awaited<ReturnType<typeof knownEquipment>>;
