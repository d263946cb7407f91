import { type Kysely, sql } from 'kysely';
import {
  addDays,
  addMonths,
  dayNumber,
  extinguisherDateKind,
  extinguisherDueDate,
  isExtinguisherType,
  isNegativeAnswer,
} from '../../../shared/equipment/status.ts';
import { tenantDb, tenantSchemaName, withCore } from '../../db/database.ts';
import type { TenantDatabase } from '../../db/schema.ts';
import type { SeedContext } from '../../seed/context.ts';
import { REFERENCE_SAMPLES } from './presence.ts';
import { enabledQuestions } from './records.ts';
import { deriveSerial } from '../qr/index.ts';
import { equipmentSearchDocument } from './search.ts';
import { storedDates } from './status-sql.ts';
import { today } from '../../db/days.ts';
import type { StoredAnswer, StoredAttribute, StoredPart } from './tables.ts';

/** How many equipment the demo company gets, and how far back their history goes. */
export const DEMO_EQUIPMENT = 300;
const HISTORY_MONTHS = 24;

/** A small deterministic generator, so every demo install looks the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PLACES = [
  'Recepção',
  'Corredor A',
  'Corredor B',
  'Escada',
  'Garagem',
  'Cozinha',
  'Almoxarifado',
  'Auditório',
];

export interface CatalogueProduct {
  id: number;
  sku: string;
  name: string;
  schedule: number;
  inspectionNotice: number;
  dueNotice: number | null;
  isDueDate: boolean;
  extinguisher: boolean;
  questions: {
    id: number;
    question: string;
    type: StoredAnswer['type'];
    custom: { id: number; answer: string; type: 'POSITIVE' | 'NEGATIVE' | 'NA' }[];
  }[];
  maintenanceQuestions: { id: number; question: string; type: StoredAnswer['type'] }[];
  attributes: { id: number; attribute: string; type: 'TEXT' | 'DATE' }[];
  parts: { id: number; name: string; unit: string }[];
}

async function loadCatalogue(db: Kysely<TenantDatabase>): Promise<CatalogueProduct[]> {
  const products = await db
    .selectFrom('products as p')
    .innerJoin('inspection_types as t', 't.id', 'p.inspection_type_id')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.inspection_schedule',
      'p.days_notification_next_inspection_date',
      'p.days_notification_due_date',
      'p.is_due_date',
      'p.inspection_type_id',
      't.name as typeName',
      'c.name as categoryName',
    ])
    .where('p.enabled', '=', true)
    .orderBy('p.id')
    .execute();
  const out: CatalogueProduct[] = [];
  for (const p of products) {
    const questions = await enabledQuestions(db, 'inspection_questions', p.inspection_type_id);
    const custom = await db
      .selectFrom('inspection_custom_answers')
      .select(['id', 'inspection_question_id', 'answer', 'type'])
      .where('inspection_question_id', 'in', questions.length ? questions.map((q) => q.id) : [0])
      .where('enabled', '=', true)
      .orderBy('position')
      .execute();
    out.push({
      id: p.id,
      sku: p.sku,
      name: p.name,
      schedule: p.inspection_schedule,
      inspectionNotice: p.days_notification_next_inspection_date ?? 0,
      dueNotice: p.days_notification_due_date,
      isDueDate: p.is_due_date,
      extinguisher: isExtinguisherType(p.categoryName, p.typeName),
      questions: questions.map((q) => ({
        id: q.id,
        question: q.question,
        type: q.type,
        custom: custom.filter((c) => c.inspection_question_id === q.id),
      })),
      maintenanceQuestions: await enabledQuestions(db, 'maintenance_questions', p.inspection_type_id),
      attributes: await db
        .selectFrom('inspection_type_attributes')
        .select(['id', 'attribute', 'type'])
        .where('inspection_type_id', '=', p.inspection_type_id)
        .where('enabled', '=', true)
        .orderBy('position')
        .execute(),
      parts: await db
        .selectFrom('maintenance_parts')
        .select(['id', 'name', 'unit'])
        .where('product_id', '=', p.id)
        .where('enabled', '=', true)
        .orderBy('position')
        .execute(),
    });
  }
  return out;
}

/** Every equipment's search document, in one statement (the seeds insert rows in bulk). */
export async function fillSearch(db: Kysely<TenantDatabase>): Promise<void> {
  await db
    .updateTable('equipment as e')
    .from(['tags as t', 'products as p'])
    .set({ search: equipmentSearchDocument() })
    .whereRef('t.id', '=', 'e.tag_id')
    .whereRef('p.id', '=', 'e.product_id')
    .execute();
}

/** The enabled products of a tenant with their questions, attributes and parts (seeds only). */
export function loadCatalogueForSeed(schemaName: string): Promise<CatalogueProduct[]> {
  return loadCatalogue(tenantDb(schemaName));
}

/** The answers of one inspection: all good, or (improper) the first question answered badly. */
export function answersFor(p: CatalogueProduct, improper: boolean): StoredAnswer[] {
  let spoiled = !improper;
  return p.questions.map((q) => {
    const bad =
      !spoiled &&
      (q.type === 'YES_NO_NA' || (q.type === 'CUSTOM' && q.custom.some((c) => c.type === 'NEGATIVE')));
    if (bad) spoiled = true;
    if (q.type === 'YES_NO_NA')
      return {
        questionId: q.id,
        type: q.type,
        question: q.question,
        answer: bad ? 'NO' : 'YES',
        answerType: null,
      };
    if (q.type === 'CUSTOM') {
      const c = q.custom.find((x) => x.type === (bad ? 'NEGATIVE' : 'POSITIVE')) ?? q.custom[0];
      return {
        questionId: q.id,
        type: q.type,
        question: q.question,
        answer: c?.answer ?? '',
        answerType: c?.type ?? null,
      };
    }
    return {
      questionId: q.id,
      type: q.type,
      question: q.question,
      answer: 'Sem observações',
      answerType: null,
    };
  });
}

async function insertChunked<T extends keyof TenantDatabase & string>(
  db: Kysely<TenantDatabase>,
  table: T,
  rows: Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    // biome-ignore lint/suspicious/noExplicitAny: rows are built for this table just above
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as any)
      .execute();
  }
}

/**
 * Demo equipment (issue 11): DEMO_EQUIPMENT items across the seeded products on tags of the demo
 * company, each with two years of monthly inspections (locations around São Paulo, the inspector
 * alternating between the operator and the company admin) and a yearly maintenance. The mix is
 * chosen so every screen has something to show: most VALID, some EXPIRING (next inspection within
 * the notice days), some EXPIRED (overdue inspection or past due date), some IMPROPER, a few never
 * inspected. Dates are relative to the day the seed runs.
 */
export async function seedEquipment(ctx: SeedContext): Promise<void> {
  const db = tenantDb(ctx.schemaName, ctx.db);
  const core = withCore(ctx.db);
  const catalogue = await loadCatalogue(db);
  if (catalogue.length === 0) return;
  const inspectors = await core
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('company_id', '=', ctx.companyId)
    .where('role', 'in', ['COMPANY_OPERATOR', 'COMPANY_ADMIN'])
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .execute();
  const random = rng(20261123);
  const day0 = today();
  const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`);

  // Tags: serials derived like a QR batch's (unique, unguessable), created long before this month
  // so the monthly generated count stays the real one.
  const batch = '00000000-0000-4000-8000-00000000de00';
  const tagRows = Array.from({ length: DEMO_EQUIPMENT }, (_, i) => {
    const created = at(addMonths(day0, -HISTORY_MONTHS - 1), 9);
    return { serial: deriveSerial(batch, i), created };
  });
  await core
    .insertInto('tag_registry')
    .values(
      tagRows.map((t) => ({
        serial: t.serial,
        company_group_id: ctx.companyGroupId,
        company_id: ctx.companyId,
        job_id: null,
        batch_index: null,
        created_at: t.created,
      })),
    )
    .execute();
  const tags = await db
    .insertInto('tags')
    .values(
      tagRows.map((t) => ({
        serial_number: t.serial,
        company_id: ctx.companyId,
        created_at: t.created,
        updated_at: t.created,
      })),
    )
    .returning(['id', 'serial_number'])
    .execute();

  const inspections: Record<string, unknown>[] = [];
  const maintenances: Record<string, unknown>[] = [];
  for (const [i, tag] of tags.entries()) {
    const p = catalogue[i % catalogue.length]!;
    const created = addDays(day0, -(HISTORY_MONTHS * 30 + Math.floor(random() * 40)));
    const roll = random();
    // 4% never inspected, 8% overdue, 8% within the notice days, 8% improper, the rest up to date.
    const kind =
      roll < 0.04
        ? 'never'
        : roll < 0.12
          ? 'overdue'
          : roll < 0.2
            ? 'expiring'
            : roll < 0.28
              ? 'improper'
              : 'ok';
    let last: string;
    if (kind === 'overdue') last = addDays(day0, -(p.schedule + 5 + Math.floor(random() * 60)));
    else if (kind === 'expiring')
      last = addDays(day0, -(p.schedule - Math.floor(random() * Math.max(1, p.inspectionNotice))));
    else last = addDays(day0, -Math.floor(random() * Math.min(p.schedule - p.inspectionNotice - 1, 25) + 1));
    const attributes: StoredAttribute[] = [];
    const dates: Record<string, string> = {};
    for (const a of p.attributes) {
      let value: string;
      if (a.type === 'DATE') {
        const k = extinguisherDateKind(a.attribute);
        // Recharges between 2 and 13 months ago: some past their 12 months.
        if (k === 'recharge') value = addDays(day0, -(60 + Math.floor(random() * 340)));
        else if (k === 'manufacturing') value = addDays(created, -Math.floor(random() * 700));
        else value = addDays(created, -Math.floor(random() * 30));
        if (k) dates[k] = value;
      } else value = `${p.sku}-${String(i + 1).padStart(4, '0')}`;
      attributes.push({ attributeId: a.id, attribute: a.attribute, value });
    }
    const dueDate = p.isDueDate
      ? p.extinguisher
        ? extinguisherDueDate({
            rechargeDate: dates.recharge,
            retestDate: dates.retest,
            manufacturingDate: dates.manufacturing,
          })
        : addDays(day0, 30 + Math.floor(random() * 400))
      : null;
    const stored = storedDates({
      lastInspectionDay: kind === 'never' ? null : last,
      dueDate,
      scheduleDays: p.schedule,
      inspectionNoticeDays: p.inspectionNotice,
      dueNoticeDays: p.dueNotice,
    });
    const { id: equipmentId } = await db
      .insertInto('equipment')
      .values({
        tag_id: tag.id,
        company_id: ctx.companyId,
        product_id: p.id,
        extra_label: `${PLACES[i % PLACES.length]} — ${Math.floor(i / PLACES.length) + 1}º andar`,
        extra_code: `CTRL-${String(i + 1).padStart(4, '0')}`,
        ...stored,
        created_by: inspectors[0]?.id ?? null,
        created_at: at(created, 10),
        updated_at: at(created, 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertChunked(
      db,
      'equipment_attribute_values',
      attributes.map((a) => ({ equipment_id: equipmentId, attribute_id: a.attributeId, value: a.value })),
    );
    await db
      .updateTable('tags')
      .set({ activated_at: at(created, 10), updated_at: at(created, 10) })
      .where('id', '=', tag.id)
      .execute();
    await db
      .insertInto('equipment_snapshots')
      .values({
        equipment_id: equipmentId,
        kind: 'CREATED',
        user_id: inspectors[0]?.id ?? null,
        user_name: inspectors[0]?.name ?? null,
        user_email: inspectors[0]?.email ?? null,
        tag_serial: tag.serial_number,
        product_id: p.id,
        product_name: p.name,
        product_sku: p.sku,
        extra_label: `${PLACES[i % PLACES.length]} — ${Math.floor(i / PLACES.length) + 1}º andar`,
        extra_code: `CTRL-${String(i + 1).padStart(4, '0')}`,
        created_at: at(created, 10),
      })
      .execute();
    if (kind === 'never') continue;

    // Monthly inspections from the month after registration up to `last` (the last one).
    const days: string[] = [];
    for (let d = last; dayNumber(d) > dayNumber(created); d = addMonths(d, -1)) days.unshift(d);
    let lastRow: { improper: boolean; userId: number | null; at: Date } | null = null;
    // Where the equipment is (issue 20): its inspections are located within a few metres of it;
    // some are typed serials (every 23rd equipment is never scanned), some submitted late, and the
    // last inspection of every 31st equipment was located about 2 km away.
    const base = {
      lat: -23.55 + ((i * 7919) % 2000) / 10000 - 0.1,
      lng: -46.63 + ((i * 104729) % 2000) / 10000 - 0.1,
    };
    for (const [k, day] of days.entries()) {
      const isLast = k === days.length - 1;
      const improper = isLast ? kind === 'improper' : random() < 0.03;
      const who = inspectors[k % Math.max(1, inspectors.length)];
      const answers = answersFor(p, improper);
      const when = at(day, 8 + (k % 9));
      inspections.push({
        equipment_id: equipmentId,
        company_id: ctx.companyId,
        product_id: p.id,
        user_id: who?.id ?? null,
        user_name: who?.name ?? null,
        user_email: who?.email ?? null,
        latitude: base.lat + (random() - 0.5) * 0.0004 + (isLast && i % 31 === 5 ? 0.018 : 0),
        longitude: base.lng + (random() - 0.5) * 0.0004,
        accuracy: Math.round(5 + random() * 25),
        improper: answers.some(isNegativeAnswer),
        answers: JSON.stringify(answers),
        attributes: JSON.stringify(attributes),
        created_at: when,
        performed_at: when,
        identified_by: i % 23 === 0 || (i + k) % 17 === 0 ? 'TYPED' : 'SCAN',
        scanned_at: new Date(when.getTime() - ((i + k) % 29 === 0 ? 45 : 2) * 60_000),
      });
      if (isLast) lastRow = { improper: answers.some(isNegativeAnswer), userId: who?.id ?? null, at: when };
    }
    if (lastRow)
      await db
        .updateTable('equipment')
        .set({
          last_inspection_at: lastRow.at,
          last_inspection_day: last,
          last_inspection_user_id: lastRow.userId,
          last_inspection_improper: lastRow.improper,
        })
        .where('id', '=', equipmentId)
        .execute();

    // A yearly maintenance (recharge for extinguishers), with the product's first part.
    for (let m = 11; m < days.length; m += 12) {
      const who = inspectors[(m + 1) % Math.max(1, inspectors.length)];
      const parts: StoredPart[] = p.parts.slice(0, 1).map((part) => ({
        partId: part.id,
        part: part.name,
        quantity: part.unit === 'UNITS' ? 1 : 2,
        unit: part.unit,
      }));
      maintenances.push({
        equipment_id: equipmentId,
        company_id: ctx.companyId,
        product_id: p.id,
        user_id: who?.id ?? null,
        user_name: who?.name ?? null,
        user_email: who?.email ?? null,
        answers: JSON.stringify(
          p.maintenanceQuestions.map((q) => ({
            questionId: q.id,
            type: q.type,
            question: q.question,
            answer: q.type === 'YES_NO_NA' ? 'YES' : 'Serviço realizado conforme norma',
            answerType: null,
          })),
        ),
        attributes: '[]',
        parts: JSON.stringify(parts),
        created_at: at(days[m]!, 14),
        performed_at: at(days[m]!, 14),
        identified_by: 'SCAN',
        scanned_at: new Date(at(days[m]!, 14).getTime() - 5 * 60_000),
      });
    }
  }
  await insertChunked(db, 'inspections', inspections);
  await insertChunked(db, 'maintenances', maintenances);
  // Point each equipment at its latest inspection and maintenance rows (raw SQL: name the schema).
  const t = (name: string) => sql.table(`${tenantSchemaName(ctx.schemaName)}.${name}`);
  await sql`
    update ${t('equipment')} e set last_inspection_id = i.id
    from (select distinct on (equipment_id) equipment_id, id from ${t('inspections')} order by equipment_id, performed_at desc) i
    where i.equipment_id = e.id`.execute(ctx.db);
  // Proof of presence (issue 20): the last scan, and the reference as the inspections keep it.
  await sql`
    update ${t('equipment')} e set last_scanned_at = i.at
    from (select equipment_id, max(performed_at) as at from ${t('inspections')}
          where identified_by in ('SCAN', 'NFC') group by equipment_id) i
    where i.equipment_id = e.id`.execute(ctx.db);
  await sql`
    update ${t('equipment')} e
    set reference_latitude = m.lat, reference_longitude = m.lng, reference_source = 'MEDIAN', reference_samples = m.n
    from (
      select equipment_id, percentile_cont(0.5) within group (order by latitude) as lat,
             percentile_cont(0.5) within group (order by longitude) as lng, count(*) as n
      from (select equipment_id, latitude, longitude,
                   row_number() over (partition by equipment_id order by performed_at, id) as k
            from ${t('inspections')} where latitude is not null and longitude is not null) f
      where k <= ${REFERENCE_SAMPLES}
      group by equipment_id
    ) m
    where m.equipment_id = e.id`.execute(ctx.db);
  await sql`
    update ${t('equipment')} e set last_maintenance_id = m.id, last_maintenance_at = m.created_at, last_maintenance_user_id = m.user_id
    from (select distinct on (equipment_id) equipment_id, id, performed_at as created_at, user_id from ${t('maintenances')} order by equipment_id, performed_at desc) m
    where m.equipment_id = e.id`.execute(ctx.db);
  // After the last inspections: the search document holds the last inspector's name.
  await fillSearch(db);
}
