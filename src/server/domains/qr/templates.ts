import type { Kysely } from 'kysely';
import { SERIAL_LENGTH, tagUrl } from '../../../shared/qr/serial.ts';
import {
  BUILTIN_TEMPLATES,
  builtinTemplate,
  customTemplateId,
  customTemplateRowId,
  DEFAULT_TEMPLATE,
  type LabelSettings,
  type LabelTemplate,
  type LabelTemplateFields,
  type LabelTemplateItem,
  labelTemplateFieldsSchema,
  qrModulesFor,
  templateProblem,
  utf8Length,
} from '../../../shared/qr/templates.ts';
import { config } from '../../config.ts';
import type { TenantContext } from '../../context.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { coreDb } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { CoreDatabase } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { resolveCompany } from './service.ts';
import type { QrLabelTemplateTable } from './tables.ts';

/** Modules per side of the longest code this install prints (its PUBLIC_URL + a serial). */
export function installQrModules(publicUrl = config().PUBLIC_URL): number {
  return qrModulesFor(utf8Length(tagUrl(publicUrl, 'X'.repeat(SERIAL_LENGTH))));
}

/** Refuses a template that cannot print scannable labels on this install (400, its code). */
export function checkTemplate(t: LabelTemplateFields, modules = installQrModules()): void {
  const p = templateProblem(t, modules);
  if (!p) return;
  // The problem's code and params come from one union; the catalogue holds each code's params.
  throw new AppError(p.code as never, { params: p.params });
}

const layoutSchema = labelTemplateFieldsSchema.omit({ name: true, kind: true });

function fromRow(r: {
  id: number;
  name: string;
  kind: QrLabelTemplateTable['kind'];
  layout: unknown;
}): LabelTemplate {
  const layout = layoutSchema.parse(r.layout);
  return { id: customTemplateId(r.id), name: r.name, kind: r.kind, builtIn: false, source: null, ...layout };
}

function toRow(f: LabelTemplateFields) {
  const { name, kind, ...layout } = f;
  return { name, kind, layout: JSON.stringify(layout) };
}

/** A template by id: a built-in, or a custom one not deleted; else 404 QR_TEMPLATE_NOT_FOUND. */
export async function resolveTemplate(
  id: string,
  db: Kysely<CoreDatabase> = coreDb(),
): Promise<LabelTemplate> {
  const builtIn = builtinTemplate(id);
  if (builtIn) return builtIn;
  const rowId = customTemplateRowId(id);
  const row =
    rowId === null
      ? undefined
      : await db
          .selectFrom('qr_label_templates')
          .select(['id', 'name', 'kind', 'layout'])
          .where('id', '=', rowId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
  if (!row) throw new AppError('QR_TEMPLATE_NOT_FOUND');
  return fromRow(row);
}

/** Every template a batch can use: the built-ins, then the custom ones by name. */
export async function listTemplates(_ctx: SignedInContext): Promise<LabelTemplateItem[]> {
  const rows = await coreDb()
    .selectFrom('qr_label_templates')
    .select(['id', 'name', 'kind', 'layout'])
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const modules = installQrModules();
  return [...BUILTIN_TEMPLATES, ...rows.map(fromRow)].map((t) => ({
    ...t,
    problem: templateProblem(t, modules)?.code ?? null,
  }));
}

export async function createTemplate(
  ctx: SignedInContext,
  input: LabelTemplateFields,
): Promise<LabelTemplate> {
  checkTemplate(input);
  try {
    const row = await coreDb()
      .insertInto('qr_label_templates')
      .values({ ...toRow(input), created_by: ctx.auth.user.id })
      .returning(['id', 'name', 'kind', 'layout'])
      .executeTakeFirstOrThrow();
    return fromRow(row);
  } catch (e) {
    if (isUniqueViolation(e, 'qr_label_templates_name_uq'))
      throw new AppError('QR_TEMPLATE_NAME_EXISTS', { params: { name: input.name } });
    throw e;
  }
}

export async function updateTemplate(
  _ctx: SignedInContext,
  input: LabelTemplateFields & { id: string },
): Promise<LabelTemplate> {
  const rowId = customTemplateRowId(input.id);
  if (rowId === null) throw new AppError('QR_TEMPLATE_NOT_FOUND');
  const { id: _id, ...fields } = input;
  checkTemplate(fields);
  try {
    const row = await coreDb()
      .updateTable('qr_label_templates')
      .set({ ...toRow(fields), updated_at: new Date() })
      .where('id', '=', rowId)
      .where('deleted_at', 'is', null)
      .returning(['id', 'name', 'kind', 'layout'])
      .executeTakeFirst();
    if (!row) throw new AppError('QR_TEMPLATE_NOT_FOUND');
    return fromRow(row);
  } catch (e) {
    if (isUniqueViolation(e, 'qr_label_templates_name_uq'))
      throw new AppError('QR_TEMPLATE_NAME_EXISTS', { params: { name: input.name } });
    throw e;
  }
}

/** Deletes a custom template (kept for batches already queued; companies that chose it fall back to the default). */
export async function deleteTemplate(_ctx: SignedInContext, { id }: { id: string }): Promise<null> {
  const rowId = customTemplateRowId(id);
  const r =
    rowId === null
      ? undefined
      : await coreDb()
          .updateTable('qr_label_templates')
          .set({ deleted_at: new Date() })
          .where('id', '=', rowId)
          .where('deleted_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
  if (!r) throw new AppError('QR_TEMPLATE_NOT_FOUND');
  return null;
}

/**
 * The company's remembered label choice (its last label batch), or the defaults: the A4 4 × 6,
 * serial only. A template deleted since reads as the default.
 */
export async function labelSettings(
  { auth }: TenantContext,
  { companyId }: { companyId?: number | null },
): Promise<LabelSettings> {
  const company = await resolveCompany(auth, companyId);
  const row = await coreDb()
    .selectFrom('companies as c')
    .leftJoin('qr_label_settings as s', 's.company_id', 'c.id')
    .select(['c.image_key', 's.template', 's.cut_marks', 's.company_name', 's.note', 's.logo'])
    .where('c.id', '=', company.id)
    .executeTakeFirstOrThrow();
  let template = row.template ?? DEFAULT_TEMPLATE.id;
  if (!builtinTemplate(template)) {
    try {
      await resolveTemplate(template);
    } catch {
      template = DEFAULT_TEMPLATE.id;
    }
  }
  return {
    template,
    cutMarks: row.cut_marks ?? false,
    companyName: row.company_name ?? false,
    note: row.note ?? null,
    logo: row.logo ?? false,
    hasLogo: row.image_key !== null,
  };
}
