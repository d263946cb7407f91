import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { execFileSync } from 'node:child_process';
import { baseDb, coreDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import {
  type Catalogue,
  createTag,
  extinguisherCatalogue,
  otherDemoCompany,
  otherTenant,
  register,
} from '../equipment/helpers.ts';
import { makeUser, PASSWORD } from '../organisations/fixtures.ts';

export { waitFor } from '../qr/helpers.ts';

/** The four job types of the documents domain. */
export const DOCUMENT_JOB_TYPES = [
  'inspection-pdf',
  'inspection-xlsx',
  'maintenance-pdf',
  'maintenance-xlsx',
];

const uid = () => randomBytes(3).toString('hex');

/**
 * A tenant of the file's own (the demo tenant is left as it is): company A with an operator and a
 * company admin, company B (same group) with an operator, the group admin, the provider admin
 * switched into the group, and an extinguisher catalogue. Its record ids start at 800000, so the
 * demo tenant — whose records have small ids — has none of them.
 */
export async function documentsTenant() {
  const other = await otherTenant();
  const { schema_name: schema } = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', other.groupId)
    .executeTakeFirstOrThrow();
  // setval, not ALTER SEQUENCE … RESTART: Citus refuses to alter a distributed schema's sequence.
  for (const table of ['inspections', 'maintenances'])
    await sql`select setval(${`${tenantSchemaName(schema)}.${table}_id_seq`}::regclass, 800000, false)`.execute(
      baseDb(),
    );
  const companyB = await otherDemoCompany(other.groupId);
  await coreDb()
    .updateTable('companies')
    .set({ tags_limit: 100 })
    .where('id', 'in', [other.companyId, companyB])
    .execute();
  const companyName = (
    await coreDb()
      .selectFrom('companies')
      .select('name')
      .where('id', '=', other.companyId)
      .executeTakeFirstOrThrow()
  ).name;
  const tag = uid();
  const operatorName = `Inês Inspetora ${tag}`;
  const users = {
    operator: await makeUser({ groupId: other.groupId, companyId: other.companyId, name: operatorName }),
    companyAdmin: await makeUser({
      role: 'COMPANY_ADMIN',
      groupId: other.groupId,
      companyId: other.companyId,
    }),
    operatorB: await makeUser({ groupId: other.groupId, companyId: companyB }),
  };
  const provider = await loginAs(DEMO.admin);
  const switched = await rest('PUT', '/web/logged-user/company/', {
    token: provider,
    body: { companyGroup: other.groupId, companyId: other.companyId },
  });
  if (switched.status !== 200) throw new Error(`switch: ${switched.status} ${JSON.stringify(switched.json)}`);
  const group = await loginAs(other.email, 'Demo@123');
  const catalogue = await extinguisherCatalogue(group, provider);
  return {
    groupId: other.groupId,
    companyId: other.companyId,
    companyName,
    companyB,
    schema,
    catalogue,
    operatorName,
    operatorEmail: users.operator.email,
    operatorId: users.operator.id,
    operatorBId: users.operatorB.id,
    tokens: {
      group,
      provider,
      operator: await loginAs(users.operator.email, PASSWORD),
      companyAdmin: await loginAs(users.companyAdmin.email, PASSWORD),
      operatorB: await loginAs(users.operatorB.email, PASSWORD),
    },
  };
}
export type DocumentsTenant = Awaited<ReturnType<typeof documentsTenant>>;

/** Equipment of company A on a new tag, with labels and a recharge date. */
export async function equipmentOf(t: DocumentsTenant) {
  const serial = await createTag({ groupId: t.groupId, companyId: t.companyId, schema: t.schema });
  const extraLabel = `Corredor ${uid()}`;
  const extraCode = `CTRL-${uid()}`;
  await register(t.tokens.group, {
    tagSerialNumber: serial,
    productId: t.catalogue.productId,
    extraLabel,
    extraCode,
    attributes: [{ attributeId: t.catalogue.attributes.number, value: `Cilindro ${extraCode}` }],
  });
  return { serial, extraLabel, extraCode };
}

/** Records an inspection by the tenant's operator; answers its id. */
export async function inspect(t: DocumentsTenant, serial: string, body: Record<string, unknown>) {
  const r = await rest<{ id: number }>('POST', `/web/equipments/${serial}/inspections`, {
    token: t.tokens.operator,
    body,
  });
  if (r.status !== 201) throw new Error(`inspect: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!.id;
}

export async function maintain(t: DocumentsTenant, serial: string, body: Record<string, unknown>) {
  const r = await rest<{ id: number }>('POST', `/web/equipments/${serial}/maintenances`, {
    token: t.tokens.operator,
    body,
  });
  if (r.status !== 201) throw new Error(`maintain: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!.id;
}

/** Answers for every question of the catalogue (`notes` as given). */
export function answers(c: Catalogue, over: { seal?: string; cylinder?: number; notes?: string } = {}) {
  return [
    { questionId: c.questions.seal, answer: over.seal ?? 'YES' },
    { questionId: c.questions.cylinder, answer: over.cylinder ?? c.cylinder.ok },
    { questionId: c.questions.notes, answer: over.notes ?? 'Tudo certo' },
    { questionId: c.questions.access, answer: 'NA' },
  ];
}

/** The text pdftotext extracts (reading order, no layout), with runs of blanks as one space. */
export function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');
}

export async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

/** Every non-empty row of a workbook's first sheet, as arrays of cell values. */
export async function xlsxRows(bytes: Uint8Array): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Document jobs a user asked for (to show a refused request queued nothing). */
export async function documentJobsOf(userId: number): Promise<number> {
  const r = await coreDb()
    .selectFrom('jobs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('requested_by', '=', userId)
    .where('type', 'in', DOCUMENT_JOB_TYPES)
    .executeTakeFirstOrThrow();
  return r.n;
}
