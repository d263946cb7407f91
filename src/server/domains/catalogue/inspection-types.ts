import { sql } from 'kysely';
import type {
  ById,
  ByQuestionId,
  CustomAnswerRow,
  InspectionTypeFields,
  InspectionTypeOptionsInput,
  ListInspectionTypesParams,
  SaveCustomAnswersInput,
  SaveInspectionQuestionsInput,
  SaveInspectionTypeAttributesInput,
  SaveInspectionTypeInput,
  SaveMaintenanceQuestionsInput,
  UpdateInspectionTypeInput,
} from '../../../shared/catalogue/schemas.ts';
import type {
  CustomAnswerDto,
  InspectionQuestionDto,
  InspectionTypeAttributeDto,
  InspectionTypeDetailDto,
  InspectionTypeDto,
  MaintenanceQuestionDto,
  OptionDto,
} from '../../../shared/catalogue/types.ts';
import type { Page } from '../../../shared/list.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage, triStateIs } from '../../kit/list.ts';
import {
  type Ctx,
  type Db,
  inTenantTx,
  isUniqueViolation,
  LISTS,
  type ListRow,
  type ListSpec,
  saveList,
  type Trx,
} from './common.ts';

function baseQuery(db: Db) {
  return db.selectFrom('inspection_types as t').innerJoin('categories as c', 'c.id', 't.category_id');
}
const COLUMNS = [
  't.id',
  't.name',
  't.category_id',
  'c.name as category_name',
  'c.enabled as category_enabled',
  't.enabled',
  't.updated_at',
] as const;
type TypeRow = {
  id: number;
  name: string;
  category_id: number;
  category_name: string;
  category_enabled: boolean;
  enabled: boolean;
  updated_at: Date;
};
const toDto = (r: TypeRow): InspectionTypeDto => ({
  id: r.id,
  name: r.name,
  categoryId: r.category_id,
  categoryName: r.category_name,
  categoryEnabled: r.category_enabled,
  enabled: r.enabled,
  updateDate: r.updated_at,
});

export async function listInspectionTypes(
  ctx: Ctx,
  input: ListInspectionTypesParams,
): Promise<Page<InspectionTypeDto>> {
  const base = baseQuery(ctx.auth.tenant)
    .where(triStateIs(sql.ref('t.enabled'), input.enabled))
    .$if(input.categoryId !== undefined, (q) => q.where('t.category_id', '=', input.categoryId!));
  const page = await fetchPage(base, input, {
    // Seed 001 screen 4: search by name or category.
    search: [sql.ref('t.name'), sql.ref('c.name')],
    sorts: {
      name: sql`core.search_text(t.name)`,
      categoryName: sql`core.search_text(c.name)`,
      updateDate: sql.ref('t.updated_at'),
      enabled: sql.ref('t.enabled'),
    },
    tiebreak: sql.ref('t.id'),
    select: (q) => q.select(COLUMNS),
  });
  return mapPage(page, toDto);
}

/** Subcategories for selects, optionally of one category. */
export async function inspectionTypeOptions(
  ctx: Ctx,
  { categoryId }: InspectionTypeOptionsInput,
): Promise<OptionDto[]> {
  let q = ctx.auth.tenant.selectFrom('inspection_types').select(['id', 'name', 'enabled', 'category_id']);
  if (categoryId !== undefined) q = q.where('category_id', '=', categoryId);
  const rows = await q.orderBy(sql`core.search_text(name)`).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, enabled: r.enabled, categoryId: r.category_id }));
}

async function findType(db: Db, id: number): Promise<TypeRow> {
  const row = await baseQuery(db).select(COLUMNS).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function getInspectionType(ctx: Ctx, id: number): Promise<InspectionTypeDto> {
  return toDto(await findType(ctx.auth.tenant, id));
}

export async function getInspectionQuestions(ctx: Ctx, { id }: ById): Promise<InspectionQuestionDto[]> {
  await findType(ctx.auth.tenant, id);
  return ctx.auth.tenant
    .selectFrom('inspection_questions')
    .select(['id', 'question', 'type', 'enabled', 'opens_service_order as opensServiceOrder'])
    .where('inspection_type_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function getMaintenanceQuestions(ctx: Ctx, { id }: ById): Promise<MaintenanceQuestionDto[]> {
  await findType(ctx.auth.tenant, id);
  return ctx.auth.tenant
    .selectFrom('maintenance_questions')
    .select(['id', 'question', 'type', 'enabled'])
    .where('inspection_type_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function getInspectionTypeAttributes(
  ctx: Ctx,
  { id }: ById,
): Promise<InspectionTypeAttributeDto[]> {
  await findType(ctx.auth.tenant, id);
  return ctx.auth.tenant
    .selectFrom('inspection_type_attributes')
    .select(['id', 'attribute', 'type', 'enabled'])
    .where('inspection_type_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

async function answersOf(db: Db, questionIds: number[]): Promise<CustomAnswerDto[]> {
  if (!questionIds.length) return [];
  return db
    .selectFrom('inspection_custom_answers')
    .select(['id', 'inspection_question_id as inspectionQuestionId', 'answer', 'type', 'enabled'])
    .where('inspection_question_id', 'in', questionIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function getCustomAnswers(ctx: Ctx, { questionId }: ByQuestionId): Promise<CustomAnswerDto[]> {
  const q = await ctx.auth.tenant
    .selectFrom('inspection_questions')
    .select('id')
    .where('id', '=', questionId)
    .executeTakeFirst();
  if (!q) throw new AppError('NOT_FOUND');
  return answersOf(ctx.auth.tenant, [questionId]);
}

/** Everything the subcategory dialog edits, in one read. */
export async function getInspectionTypeDetail(ctx: Ctx, { id }: ById): Promise<InspectionTypeDetailDto> {
  const [type, questions, maintenanceQuestions, attributes] = await Promise.all([
    getInspectionType(ctx, id),
    getInspectionQuestions(ctx, { id }),
    getMaintenanceQuestions(ctx, { id }),
    getInspectionTypeAttributes(ctx, { id }),
  ]);
  const answers = await answersOf(
    ctx.auth.tenant,
    questions.map((q) => q.id),
  );
  return {
    ...type,
    inspectionQuestions: questions.map((q) => ({
      ...q,
      customAnswers: answers.filter((a) => a.inspectionQuestionId === q.id),
    })),
    maintenanceQuestions,
    attributes,
  };
}

type Fields = InspectionTypeFields;

async function lockType(trx: Trx, id: number) {
  const row = await trx
    .selectFrom('inspection_types')
    .select(['id', 'category_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function writeType(trx: Trx, id: number | undefined, fields: Fields): Promise<number> {
  const current = id === undefined ? undefined : await lockType(trx, id);
  const category = await trx
    .selectFrom('categories')
    .select(['id', 'enabled'])
    .where('id', '=', fields.categoryId)
    .executeTakeFirst();
  if (!category) throw new AppError('NOT_FOUND', { message: 'Categoria não encontrada' });
  // A disabled category cannot be picked, but a subcategory already in it can still be saved.
  if (!category.enabled && current?.category_id !== category.id) throw new AppError('CATEGORY_DISABLED');
  const values = { name: fields.name, category_id: fields.categoryId, enabled: fields.enabled };
  try {
    if (current === undefined) {
      return (
        await trx.insertInto('inspection_types').values(values).returning('id').executeTakeFirstOrThrow()
      ).id;
    }
    await trx
      .updateTable('inspection_types')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', current.id)
      .execute();
    return current.id;
  } catch (e) {
    if (isUniqueViolation(e, 'inspection_types_name_uq'))
      throw new AppError('INSPECTION_TYPE_NAME_EXISTS', { params: { name: fields.name } });
    throw e;
  }
}

async function touch(trx: Trx, id: number) {
  await trx.updateTable('inspection_types').set({ updated_at: sql`now()` }).where('id', '=', id).execute();
}

async function writeCustomAnswers(trx: Trx, questionId: number, rows: CustomAnswerRow[], path: string) {
  const q = await trx
    .selectFrom('inspection_questions')
    .select(['id', 'type', 'inspection_type_id'])
    .where('id', '=', questionId)
    .forUpdate()
    .executeTakeFirst();
  if (!q) throw new AppError('NOT_FOUND');
  if (q.type !== 'CUSTOM' && rows.some((r) => r.id === undefined))
    throw new AppError('CUSTOM_ANSWERS_QUESTION_NOT_CUSTOM');
  await saveList(trx, LISTS.customAnswers, questionId, rows, path);
  return q.inspection_type_id;
}

/** REST POST: answers the new id. */
export function createInspectionType(ctx: Ctx, fields: Fields): Promise<number> {
  return inTenantTx(ctx, (trx) => writeType(trx, undefined, fields));
}

/** REST PUT of the type fields alone. */
export async function updateInspectionType(
  ctx: Ctx,
  { id, ...fields }: UpdateInspectionTypeInput,
): Promise<InspectionTypeDto> {
  await inTenantTx(ctx, (trx) => writeType(trx, id, fields));
  return getInspectionType(ctx, id);
}

/** One of the seed's list PUTs: atomic on its own list. */
async function saveTypeList(ctx: Ctx, id: number, spec: ListSpec, path: string, rows: ListRow[]) {
  await inTenantTx(ctx, async (trx) => {
    await lockType(trx, id);
    await saveList(trx, spec, id, rows, path);
    await touch(trx, id);
  });
}

export async function saveInspectionQuestions(
  ctx: Ctx,
  { id, rows }: SaveInspectionQuestionsInput,
): Promise<InspectionQuestionDto[]> {
  // The list PUT of questions does not carry answers (they have their own call).
  const questions = rows.map((r) => ({ ...r, customAnswers: undefined }));
  await saveTypeList(ctx, id, LISTS.inspectionQuestions, 'inspectionQuestions', questions);
  return getInspectionQuestions(ctx, { id });
}

export async function saveMaintenanceQuestions(
  ctx: Ctx,
  { id, rows }: SaveMaintenanceQuestionsInput,
): Promise<MaintenanceQuestionDto[]> {
  await saveTypeList(ctx, id, LISTS.maintenanceQuestions, 'maintenanceQuestions', rows);
  return getMaintenanceQuestions(ctx, { id });
}

export async function saveInspectionTypeAttributes(
  ctx: Ctx,
  { id, rows }: SaveInspectionTypeAttributesInput,
): Promise<InspectionTypeAttributeDto[]> {
  await saveTypeList(ctx, id, LISTS.inspectionTypeAttributes, 'attributes', rows);
  return getInspectionTypeAttributes(ctx, { id });
}

export async function saveCustomAnswers(
  ctx: Ctx,
  { questionId, rows }: SaveCustomAnswersInput,
): Promise<CustomAnswerDto[]> {
  await inTenantTx(ctx, async (trx) => {
    const typeId = await writeCustomAnswers(trx, questionId, rows, 'answers');
    await touch(trx, typeId);
  });
  return answersOf(ctx.auth.tenant, [questionId]);
}

/**
 * The subcategory dialog's save: type fields, inspection questions (with their custom answers),
 * maintenance questions and attributes in one transaction, so a failure leaves nothing behind.
 */
export async function saveInspectionType(
  ctx: Ctx,
  input: SaveInspectionTypeInput,
): Promise<InspectionTypeDetailDto> {
  const id = await inTenantTx(ctx, async (trx) => {
    const tid = await writeType(trx, input.id, input);
    if (input.inspectionQuestions) {
      const ids = await saveList(
        trx,
        LISTS.inspectionQuestions,
        tid,
        input.inspectionQuestions,
        'inspectionQuestions',
      );
      for (const [i, q] of input.inspectionQuestions.entries()) {
        if (q.customAnswers)
          await writeCustomAnswers(trx, ids[i]!, q.customAnswers, `inspectionQuestions.${i}.customAnswers`);
      }
    }
    if (input.maintenanceQuestions)
      await saveList(
        trx,
        LISTS.maintenanceQuestions,
        tid,
        input.maintenanceQuestions,
        'maintenanceQuestions',
      );
    if (input.attributes)
      await saveList(trx, LISTS.inspectionTypeAttributes, tid, input.attributes, 'attributes');
    return tid;
  });
  return getInspectionTypeDetail(ctx, { id });
}
