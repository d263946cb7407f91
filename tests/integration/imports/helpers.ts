import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { baseDb, coreDb, tenantDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { rest, testApp } from '../../helpers/api.ts';
import { createTag, newSerial } from '../equipment/helpers.ts';
import { type DocumentsTenant, documentsTenant, waitFor, xlsxRows } from '../documents/helpers.ts';

export { waitFor, xlsxRows };

/**
 * A tenant of the file's own (documents' helper: company A with a company admin and an operator,
 * company B, the group admin, the provider admin switched in, an extinguisher catalogue with DATE
 * and TEXT attributes), with room for many tags in both companies and a CNPJ on company A.
 */
export async function importTenant() {
  const t = await documentsTenant();
  await coreDb()
    .updateTable('companies')
    .set({ tags_limit: 10_000 })
    .where('id', 'in', [t.companyId, t.companyB])
    .execute();
  const cnpj = `${Math.floor(10_000_000 + Math.random() * 89_999_999)}000191`;
  await coreDb().updateTable('companies').set({ cnpj }).where('id', '=', t.companyId).execute();
  const sku = (
    await tenantDb(t.schema)
      .selectFrom('products')
      .select('sku')
      .where('id', '=', t.catalogue.productId)
      .executeTakeFirstOrThrow()
  ).sku;
  const productName = (
    await tenantDb(t.schema)
      .selectFrom('products')
      .select('name')
      .where('id', '=', t.catalogue.productId)
      .executeTakeFirstOrThrow()
  ).name;
  return { ...t, cnpj, sku, productName };
}
export type ImportTenant = Awaited<ReturnType<typeof importTenant>>;

/** A tag of company A (or `companyId`) of the tenant. */
export function tagOf(t: DocumentsTenant, companyId = t.companyId): Promise<string> {
  return createTag({ groupId: t.groupId, companyId, schema: t.schema });
}

/** `n` enabled tags of a company at once (set-based), answered in serial order. */
export async function manyTags(t: DocumentsTenant, n: number, companyId = t.companyId): Promise<string[]> {
  const serials = Array.from({ length: n }, () => newSerial()).sort();
  await coreDb()
    .insertInto('tag_registry')
    .values(
      serials.map((serial) => ({
        serial,
        company_group_id: t.groupId,
        company_id: companyId,
        job_id: null,
        batch_index: null,
      })),
    )
    .execute();
  await sql`insert into ${sql.table(`${tenantSchemaName(t.schema)}.tags`)} (serial_number, company_id, enabled)
    select s, ${companyId}, true from unnest(${serials}::text[]) s`.execute(baseDb());
  return serials;
}

/** CSV text from rows (`;`-separated, cells quoted when needed). */
export function csv(rows: readonly (readonly string[])[], delimiter = ';'): string {
  const cell = (v: string) => (/[;,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${rows.map((r) => r.map(cell).join(delimiter)).join('\n')}\n`;
}

/** An XLSX with one sheet of these rows (strings, numbers or dates). */
export async function xlsx(
  rows: readonly (readonly (string | number | Date | null)[])[],
): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Planilha');
  for (const r of rows) {
    const row = ws.addRow([...r]);
    r.forEach((v, i) => {
      if (v instanceof Date) row.getCell(i + 1).numFmt = 'dd/mm/yyyy';
    });
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A multipart POST as a browser sends it. */
export async function postFile(
  path: string,
  token: string,
  bytes: Uint8Array | string,
  fields: Record<string, string> = {},
  o: { name?: string; type?: string } = {},
) {
  const form = new FormData();
  const body = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
  form.append('file', new File([body], o.name ?? 'equipamentos.csv', { type: o.type ?? 'text/csv' }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await testApp().request(path, {
    method: 'POST',
    headers: { 'X-Forwarded-For': '10.31.0.1', Authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await res.json()) as {
    data?: Record<string, unknown>;
    error?: { code: string; message: string };
  };
  return { status: res.status, json };
}

/** Uploads a file for import; answers its id (throws unless 201). */
export async function upload(
  token: string,
  bytes: Uint8Array | string,
  name = 'equipamentos.csv',
): Promise<number> {
  const type = name.endsWith('.xlsx')
    ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    : 'text/csv';
  const r = await postFile('/web/imports/uploads', token, bytes, { name }, { name, type });
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!.fileId as number;
}

/** A job row once it is finished (completed or failed), within 90 s. */
export async function finishedJob(id: string) {
  return waitFor(async () => {
    const j = await coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return j && (j.state === 'completed' || j.state === 'failed') ? j : undefined;
  }, 90_000).catch(async (e) => {
    const j = await coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    throw new Error(`job ${id} did not finish: ${JSON.stringify(j)} (${(e as Error).message})`);
  });
}

/** A finished job's file through the jobs API. */
export async function jobFile(token: string, id: string): Promise<Uint8Array> {
  const r = await rest('GET', `/web/jobs/${id}/download`, { token });
  if (r.status !== 200) throw new Error(`download ${id}: ${r.status} ${JSON.stringify(r.json)}`);
  return new Uint8Array(await r.res.arrayBuffer());
}

/** Company `companyId`'s equipment with tag serial, product, labels, due date and attribute values by name. */
export async function equipmentOfCompany(t: DocumentsTenant, companyId: number) {
  const rows = await tenantDb(t.schema)
    .selectFrom('equipment as e')
    .leftJoin('tags as tg', 'tg.id', 'e.tag_id')
    .select((eb) => [
      'e.id',
      'e.product_id',
      'e.extra_label',
      'e.extra_code',
      'e.due_date',
      'e.due_date_manual',
      'tg.serial_number as serial',
      eb
        .selectFrom('equipment_attribute_values as v')
        .innerJoin('inspection_type_attributes as a', 'a.id', 'v.attribute_id')
        .select(
          sql<Record<string, string>>`coalesce(json_object_agg(a.attribute, v.value), '{}'::json)`.as('x'),
        )
        .whereRef('v.equipment_id', '=', 'e.id')
        .as('attributes'),
    ])
    .where('e.company_id', '=', companyId)
    .orderBy('e.extra_code')
    .execute();
  return rows;
}
