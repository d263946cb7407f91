import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { baseDb, coreDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { rest } from '../../helpers/api.ts';
import { createCategory, createType, productBody, tokens, uid } from '../catalogue/helpers.ts';
import { demoCompany } from '../qr/helpers.ts';

export { demoDb, tokens, uid } from '../catalogue/helpers.ts';
export { demoCompany, otherDemoCompany, otherTenant } from '../qr/helpers.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A fresh serial in the label alphabet (9 characters like the printed ones). */
export function newSerial(): string {
  const b = randomBytes(9);
  return Array.from(b, (x) => ALPHABET[x % ALPHABET.length]).join('');
}

/** A tag of `companyId` in the group of `groupId` (schema `schema`), as a QR batch would leave it. */
export async function createTag(
  t: { groupId: number; companyId: number; schema: string },
  opts: { enabled?: boolean; serial?: string } = {},
): Promise<string> {
  const serial = opts.serial ?? newSerial();
  await coreDb()
    .insertInto('tag_registry')
    .values({ serial, company_group_id: t.groupId, company_id: t.companyId, job_id: null, batch_index: null })
    .execute();
  await sql`insert into ${sql.table(`${tenantSchemaName(t.schema)}.tags`)} (serial_number, company_id, enabled)
    values (${serial}, ${t.companyId}, ${opts.enabled ?? true})`.execute(baseDb());
  return serial;
}

async function put(token: string, path: string, body: unknown) {
  const r = await rest<
    { id: number; question?: string; attribute?: string; answer?: string; name?: string }[]
  >('PUT', path, { token, body });
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

export interface Catalogue {
  categoryId: number;
  typeId: number;
  /** an extinguisher with an expiration date (30 days schedule, 5 days notice, 10 days due notice) */
  productId: number;
  /** provider-exclusive, same type */
  exclusiveId: number;
  /** same type, no expiration date */
  noDueId: number;
  questions: { seal: number; cylinder: number; notes: number; access: number };
  cylinder: { ok: number; dented: number; na: number; disabledAnswer: number };
  attributes: { manufacturing: number; recharge: number; number: number; disabled: number };
  maintenance: { recharged: number; description: number };
  parts: { powder: number; gauge: number; disabled: number };
  names: {
    seal: string;
    cylinder: string;
    notes: string;
    access: string;
    recharged: string;
    description: string;
  };
}

/**
 * An extinguisher catalogue of its own (category "Combate a Incêndio …", type "Extintores …"):
 * questions of every kind with custom answers, DATE/TEXT attributes, maintenance questions and
 * parts, each list with one disabled row.
 */
export async function extinguisherCatalogue(admin: string, provider: string): Promise<Catalogue> {
  const tag = uid();
  const categoryId = await createCategory(admin, `Combate a Incêndio ${tag}`);
  const typeId = await createType(admin, `Extintores ${tag}`, categoryId);
  const names = {
    seal: `O lacre está intacto? ${tag}`,
    cylinder: `Condição do cilindro ${tag}`,
    notes: `Observações ${tag}`,
    access: `Acesso desobstruído? ${tag}`,
    recharged: `A recarga foi realizada? ${tag}`,
    description: `Descrição do serviço ${tag}`,
  };
  const qs = await put(admin, `/web/inspection-types/${typeId}/inspection-questions/`, [
    { question: names.seal, type: 'YES_NO_NA' },
    { question: names.cylinder, type: 'CUSTOM' },
    { question: names.notes, type: 'TEXT' },
    { question: names.access, type: 'YES_NO_NA' },
    { question: `Pergunta desativada ${tag}`, type: 'YES_NO_NA', enabled: false },
  ]);
  const custom = await put(admin, `/web/inspection-custom-answer/${qs[1]!.id}`, [
    { answer: 'Conforme', type: 'POSITIVE' },
    { answer: 'Amassado', type: 'NEGATIVE' },
    { answer: 'Não se aplica', type: 'NA' },
    { answer: 'Antiga', type: 'NEGATIVE', enabled: false },
  ]);
  const attrs = await put(admin, `/web/inspection-types/${typeId}/inspection-type-attribute/`, [
    { attribute: 'Data de fabricação', type: 'DATE' },
    { attribute: 'Data de recarga', type: 'DATE' },
    { attribute: 'Número do cilindro', type: 'TEXT' },
    { attribute: 'Atributo desativado', type: 'TEXT', enabled: false },
  ]);
  const mq = await put(admin, `/web/inspection-types/${typeId}/maintenance-questions/`, [
    { question: names.recharged, type: 'YES_NO_NA' },
    { question: names.description, type: 'TEXT' },
    { question: `Manutenção desativada ${tag}`, type: 'TEXT', enabled: false },
  ]);
  const product = async (token: string, over: Record<string, unknown>) => {
    const r = await rest<number>('POST', '/web/products/', {
      token,
      body: productBody(categoryId, typeId, {
        inspectionSchedule: 30,
        daysNotificationNextInspectionDate: 5,
        isDueDate: true,
        daysNotificationDueDate: 10,
        ...over,
      }),
    });
    if (r.status !== 201) throw new Error(`product: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data!;
  };
  const productId = await product(admin, { name: `Extintor PQS ${tag}`, sku: `PQS-${tag}` });
  const exclusiveId = await product(provider, { name: `Extintor Exclusivo ${tag}`, isDvExclusive: true });
  const noDueId = await product(admin, { name: `Extintor Sem Validade ${tag}`, isDueDate: false });
  const parts = await put(admin, `/web/products/${productId}/maintenance-parts/`, [
    { name: 'Carga de pó', unit: 'KILOGRAMS' },
    { name: 'Manômetro', unit: 'UNITS' },
    { name: 'Peça antiga', unit: 'NA', enabled: false },
  ]);
  return {
    categoryId,
    typeId,
    productId,
    exclusiveId,
    noDueId,
    questions: { seal: qs[0]!.id, cylinder: qs[1]!.id, notes: qs[2]!.id, access: qs[3]!.id },
    cylinder: { ok: custom[0]!.id, dented: custom[1]!.id, na: custom[2]!.id, disabledAnswer: custom[3]!.id },
    attributes: {
      manufacturing: attrs[0]!.id,
      recharge: attrs[1]!.id,
      number: attrs[2]!.id,
      disabled: attrs[3]!.id,
    },
    maintenance: { recharged: mq[0]!.id, description: mq[1]!.id },
    parts: { powder: parts[0]!.id, gauge: parts[1]!.id, disabled: parts[2]!.id },
    names,
  };
}

/** What the equipment tests start from: the demo tokens, the demo company and a catalogue of their own. */
export async function equipmentSetup() {
  const t = await tokens();
  return { t, demo: await demoCompany(), c: await extinguisherCatalogue(t.group, t.admin) };
}
export type Setup = Awaited<ReturnType<typeof equipmentSetup>>;

/** A complete, proper set of answers for the catalogue's inspection questions. */
export function goodAnswers(c: Catalogue) {
  return [
    { questionId: c.questions.seal, answer: 'YES' },
    { questionId: c.questions.cylinder, answer: c.cylinder.ok },
    { questionId: c.questions.notes, answer: 'Tudo certo' },
    { questionId: c.questions.access, answer: 'NA' },
  ];
}

/** Registers equipment over REST; throws unless 201. */
export async function register(token: string, body: Record<string, unknown>): Promise<number> {
  const r = await rest<{ id: number; tagSerialNumber: string }>('POST', '/web/equipments/', { token, body });
  if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!.id;
}

/** A distinct client address per call site, so rate limits of one test never touch another. */
export const someIp = () =>
  `10.${50 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** Another tenant (its own group admin, password Demo@123) and a tag of its company. */
export async function foreignTag(): Promise<{
  serial: string;
  email: string;
  groupId: number;
  companyId: number;
  schema: string;
}> {
  const { otherTenant } = await import('../qr/helpers.ts');
  const other = await otherTenant();
  const g = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', other.groupId)
    .executeTakeFirstOrThrow();
  const where = { groupId: other.groupId, companyId: other.companyId, schema: g.schema_name };
  return { ...where, email: other.email, serial: await createTag(where) };
}
