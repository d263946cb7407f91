/**
 * The ONE read of a field record's write (issue 32 item 1): the tag, its equipment with what the
 * write needs of it and its product (`lockedEquipmentColumns`, its cycles), the row's version
 * (`xmin`, the write's guard: kit/write-plan.ts), the form the record is checked against
 * (inspection: questions with their custom answers and the type's attributes; maintenance:
 * questions and the product's parts), the attribute values held, the record's id taken from its
 * sequence (so every payload is complete before the write) and the subscribers' probes — one
 * statement, no transaction, no lock. Errors as `lockEquipmentOnTag`: 404 TAG_NOT_FOUND, 409
 * TAG_NOT_USED, 409 TAG_DISABLED.
 */
import { CompiledQuery, type SqlBool, sql } from 'kysely';
import { Slot } from '../../../db/compiled.ts';
import { today } from '../../../db/days.ts';
import { tenantSchemaName } from '../../../db/database.ts';
import { AppError } from '../../../errors.ts';
import { eventProbes, type ProbeAnswers } from '../../../kit/events.ts';
import { assertTagInScope } from '../../tags/index.ts';
import type { AttributeValue, TypeAttribute } from '../attributes.ts';
import type { Ctx, Db } from '../common.ts';
import { cycleRulesOf } from '../cycles.ts';
import { equipmentInspected, equipmentMaintained, type RecordProbe } from '../events.ts';
import { type LockedEquipment, lockedEquipmentColumns, type ScopedTag } from '../lookup.ts';
import type { Question } from './forms.ts';

export interface RecordRead {
  tag: ScopedTag;
  equipment: LockedEquipment;
  /** the equipment row's `xmin` when read */
  version: string;
  /** the new record's id (taken from the sequence) */
  recordId: number;
  questions: Question[];
  held: AttributeValue[];
  /** inspection: the type's attributes, in order (disabled ones included) */
  typeAttributes: TypeAttribute[];
  /** maintenance: the product's enabled parts */
  parts: { id: number; name: string; unit: string }[];
  probes: ProbeAnswers;
}

const json = <T>(text: ReturnType<typeof sql>) => sql<T>`coalesce(${text}, '[]'::json)`;

/**
 * The form a record is checked against, as subqueries over the read's `p` and `e`: its questions
 * (inspection: with their enabled custom answers), and the type's attributes (inspection) or the
 * product's enabled parts (maintenance).
 */
function formOf(db: Db, kind: 'INSPECTION' | 'MAINTENANCE') {
  const questions =
    kind === 'INSPECTION'
      ? db
          .selectFrom('inspection_questions as q')
          .select(
            json<
              Question[]
            >(sql`json_agg(json_build_object('id', q.id, 'question', q.question, 'type', q.type,
              'customAnswers', case when q.type = 'CUSTOM' then ${db
                .selectFrom('inspection_custom_answers as ca')
                .select(
                  json(
                    sql`json_agg(json_build_object('id', ca.id, 'answer', ca.answer, 'type', ca.type) order by ca.position, ca.id)`,
                  ).as('a'),
                )
                .where(sql<SqlBool>`ca.inspection_question_id = q.id`)
                .where('ca.enabled', '=', true)} else '[]'::json end) order by q.position, q.id)`).as('q'),
          )
          .where(sql<SqlBool>`q.inspection_type_id = p.inspection_type_id`)
          .where('q.enabled', '=', true)
      : db
          .selectFrom('maintenance_questions as q')
          .select(
            json<
              Question[]
            >(sql`json_agg(json_build_object('id', q.id, 'question', q.question, 'type', q.type,
              'customAnswers', '[]'::json) order by q.position, q.id)`).as('q'),
          )
          .where(sql<SqlBool>`q.inspection_type_id = p.inspection_type_id`)
          .where('q.enabled', '=', true);
  const extra =
    kind === 'INSPECTION'
      ? db
          .selectFrom('inspection_type_attributes as a')
          .select(
            json<TypeAttribute[]>(
              sql`json_agg(json_build_object('id', a.id, 'attribute', a.attribute, 'type', a.type, 'enabled', a.enabled) order by a.position, a.id)`,
            ).as('a'),
          )
          .where(sql<SqlBool>`a.inspection_type_id = p.inspection_type_id`)
      : db
          .selectFrom('maintenance_parts as mp')
          .select(
            json<RecordRead['parts']>(
              sql`json_agg(json_build_object('id', mp.id, 'name', mp.name, 'unit', mp.unit) order by mp.position, mp.id)`,
            ).as('a'),
          )
          .where(sql<SqlBool>`mp.product_id = e.product_id`)
          .where('mp.enabled', '=', true);
  return { questions, extra };
}

/**
 * The read's statement over `db`, with `serial`, `day` and `today` as given (values, or the `Slot`s
 * of the compiled read) and the subscribers' probe columns.
 */
function recordReadQuery(
  db: Db,
  schema: string,
  kind: 'INSPECTION' | 'MAINTENANCE',
  v: { serial: string; day: string; today: string },
) {
  const table = kind === 'INSPECTION' ? 'inspections' : 'maintenances';
  const probe: RecordProbe = {
    db,
    equipmentId: sql.ref<number>('e.id'),
    companyId: sql.ref<number>('e.company_id'),
    day: v.day,
    today: v.today,
  };
  const probes =
    kind === 'INSPECTION' ? eventProbes(equipmentInspected, probe) : eventProbes(equipmentMaintained, probe);
  const { questions, extra } = formOf(db, kind);
  const query = db
    .selectFrom('tags as t')
    .leftJoin('equipment as e', 'e.tag_id', 't.id')
    .leftJoin('products as p', 'p.id', 'e.product_id')
    .leftJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
    .leftJoin('categories as c', 'c.id', 'it.category_id')
    .select([
      't.id as tag_row_id',
      't.serial_number as tag_serial',
      't.company_id as tag_company_id',
      't.enabled as tag_enabled',
      't.activated_at as tag_activated_at',
    ])
    .select(lockedEquipmentColumns)
    .select((eb) => [
      // biome-ignore lint/suspicious/noExplicitAny: `p` is left-joined here; the cycles read the same columns
      cycleRulesOf(eb as any, sql.ref('e.id')).as('cycle_rules'),
      sql<string>`e.xmin::text`.as('version'),
      sql<string>`nextval(pg_get_serial_sequence(${`${schema}.${table}`}, 'id'))`.as('record_id'),
      questions.as('questions'),
      db
        .selectFrom('equipment_attribute_values as v')
        .innerJoin('inspection_type_attributes as a', 'a.id', 'v.attribute_id')
        .select(
          json<AttributeValue[]>(
            sql`json_agg(json_build_object('attributeId', a.id, 'attribute', a.attribute, 'type', a.type, 'value', v.value) order by a.position, a.id)`,
          ).as('v'),
        )
        .where(sql<SqlBool>`v.equipment_id = e.id`)
        .as('held'),
      extra.as('form_extra'),
      ...probes.columns,
    ])
    .where('t.serial_number', '=', v.serial);
  return { query, answers: probes.answers };
}

type ReadRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof recordReadQuery>['query']['executeTakeFirst']>>
>;

/**
 * The read compiled once per tenant and kind (building and compiling it was a fifth of a write's
 * CPU): the tag's serial, the record's day and today are its slots.
 */
const compiledReads = new WeakMap<
  object,
  Map<string, { compiled: CompiledQuery; answers: (row: Record<string, unknown>) => ProbeAnswers }>
>();

function compiledRead(ctx: Ctx, kind: 'INSPECTION' | 'MAINTENANCE') {
  const tenant = ctx.auth.tenant;
  let byKind = compiledReads.get(tenant);
  if (!byKind) {
    byKind = new Map();
    compiledReads.set(tenant, byKind);
  }
  let read = byKind.get(kind);
  if (!read) {
    const slot = (k: 'serial' | 'day' | 'today') => new Slot((v) => v[k]) as unknown as string;
    const schema = tenantSchemaName(ctx.auth.companyGroup.schema_name);
    const { query, answers } = recordReadQuery(tenant, schema, kind, {
      serial: slot('serial'),
      day: slot('day'),
      today: slot('today'),
    });
    read = { compiled: query.compile(), answers };
    byKind.set(kind, read);
  }
  return read;
}

/** Reads what a record of `kind` on tag `serial` needs (see the file's comment). */
export async function readForRecord(
  ctx: Ctx,
  db: Db,
  serial: string,
  kind: 'INSPECTION' | 'MAINTENANCE',
  day: string,
): Promise<RecordRead> {
  const read = compiledRead(ctx, kind);
  const values: Record<string, unknown> = { serial, day, today: today() };
  const { rows } = await db.executeQuery<ReadRow>(
    CompiledQuery.raw(
      read.compiled.sql,
      read.compiled.parameters.map((p) => (p instanceof Slot ? p.pick(values) : p)),
    ),
  );
  const row = rows[0];
  const probes = { answers: read.answers };
  const t = assertTagInScope(ctx, row ? { ...row, company_id: row.tag_company_id } : undefined);
  const tag: ScopedTag = {
    id: t.tag_row_id,
    serialNumber: t.tag_serial,
    companyId: t.tag_company_id,
    enabled: t.tag_enabled,
    activatedAt: t.tag_activated_at,
    equipmentId: t.id,
  };
  if (t.id === null) throw new AppError('TAG_NOT_USED', { params: { serial: tag.serialNumber } });
  if (!tag.enabled) throw new AppError('TAG_DISABLED', { params: { serial: tag.serialNumber } });
  const { questions: qs, held, form_extra, version, record_id, ...rest } = t;
  return {
    tag,
    equipment: rest as unknown as LockedEquipment,
    version: version!,
    recordId: Number(record_id),
    questions: qs as Question[],
    held: held as AttributeValue[],
    typeAttributes: kind === 'INSPECTION' ? (form_extra as TypeAttribute[]) : [],
    parts:
      kind === 'MAINTENANCE'
        ? (form_extra as RecordRead['parts']).map((p) => ({ ...p, unit: String(p.unit) }))
        : [],
    probes: probes.answers(t as Record<string, unknown>),
  };
}
