/**
 * The equipment kind of import (issue 31 item 1). A row names its company (CNPJ or name; else the
 * import's company), its product (SKU or name), optionally its tag, labels, due date, attribute
 * values and cycles' last-done days. Natural key: company + tag serial, or company + control
 * number without a tag. A tag of another company is a row error (IMPORT_TAG_OF_ANOTHER_COMPANY):
 * an import never moves a tag. Writes go through equipment's `bulkRegisterEquipment`.
 */
import {
  type EquipmentDraft,
  type FieldProblem,
  type MappedAttributes,
  parseEquipmentCells,
  typedAttributeValues,
} from '../../../shared/imports/equipment-rows.ts';
import { attributeFieldId } from '../../../shared/imports/schemas.ts';
import {
  type BulkEquipmentRow,
  bulkRegisterEquipment,
  type ImportExisting,
  type ImportProduct,
  importExisting,
  importProducts,
  importTags,
} from '../equipment/index.ts';
import type { Db } from '../../kit/tenant-tx.ts';
import { equipmentRoom } from '../organisations/index.ts';
import { tagsRoom } from '../tags/index.ts';
import { type ChunkCompany, chunkCompanies, searchKeys } from './lookups.ts';
import { equipmentTargetFields } from './equipment-fields.ts';
import type { CheckedRow, DraftRow, ImportEnv, ImportKindDef } from './kinds.ts';

interface Prep {
  attributes: MappedAttributes;
  /** the dry run's estimate of the room left (read at its first chunk, spent row by row) */
  room?: {
    plan: { left: number; limit: number; plan: string } | null;
    tags: Map<number, { left: number; limit: number }>;
  };
}

type Draft = DraftRow<EquipmentDraft>;

/** The row's company: by CNPJ, else by name, else the import's; or the problem. */
function companyOf(d: EquipmentDraft, c: ChunkCompany, env: ImportEnv): number | FieldProblem {
  if (d.companyCnpj) {
    const id = c.byCnpj.get(d.companyCnpj);
    return id ?? { field: 'companyCnpj', code: 'IMPORT_COMPANY_NOT_FOUND' };
  }
  if (d.companyName) {
    const ids = c.byName.get(c.keys.get(d.companyName) ?? '') ?? [];
    if (ids.length > 1) return { field: 'companyName', code: 'IMPORT_COMPANY_AMBIGUOUS' };
    return ids[0] ?? { field: 'companyName', code: 'IMPORT_COMPANY_NOT_FOUND' };
  }
  return env.companyId ?? { field: null, code: 'IMPORT_COMPANY_REQUIRED' };
}

/** The row's product: by SKU, else by name (several of that name: ambiguous). */
function productOf(
  d: EquipmentDraft,
  bySku: Map<string, ImportProduct>,
  byName: Map<string, ImportProduct[]>,
  keys: Map<string, string>,
): ImportProduct | FieldProblem {
  if (d.productSku)
    return bySku.get(d.productSku.toUpperCase()) ?? { field: 'productSku', code: 'IMPORT_PRODUCT_NOT_FOUND' };
  const list = byName.get(keys.get(d.productName ?? '') ?? '') ?? [];
  const usable = list.filter((p) => p.registrable);
  if (usable.length > 1) return { field: 'productName', code: 'IMPORT_PRODUCT_AMBIGUOUS' };
  return usable[0] ?? list[0] ?? { field: 'productName', code: 'IMPORT_PRODUCT_NOT_FOUND' };
}

/** Everything a chunk's rows name, in one statement per kind of thing. */
async function chunkLookups(db: Db, rows: readonly Draft[], env: ImportEnv) {
  const drafts = rows.map((r) => r.draft);
  const names = drafts.flatMap((d) => [d.companyName, d.productName]).filter((x): x is string => !!x);
  const keys = await searchKeys(db, names);
  const [companies, products, tags] = await Promise.all([
    chunkCompanies(db, env, drafts, keys),
    importProducts(db, {
      skus: drafts.flatMap((d) => (d.productSku ? [d.productSku] : [])),
      names: drafts.flatMap((d) => (d.productSku || !d.productName ? [] : [d.productName])),
    }),
    importTags(
      db,
      drafts.flatMap((d) => (d.tagSerialNumber ? [d.tagSerialNumber] : [])),
    ),
  ]);
  const bySku = new Map(products.map((p) => [p.sku.toUpperCase(), p]));
  const byName = new Map<string, ImportProduct[]>();
  for (const p of products) byName.set(p.name_key, [...(byName.get(p.name_key) ?? []), p]);
  return { keys, companies, bySku, byName, tags: new Map(tags.map((t) => [t.serial_number, t])) };
}

/** The plan's room left for new equipment, or null when the plan sets no limit. */
async function planRoom(env: ImportEnv) {
  const room = await equipmentRoom(env.ctx, env.ctx.auth.tenant);
  return room && { left: room.limit - room.count, limit: room.limit, plan: room.plan };
}

type Resolved = {
  draft: Draft;
  companyId: number;
  product: ImportProduct;
  tag: { id: number; serial: string } | null;
};

/** Company, product and tag of each row, or its problems. */
function resolve(
  draft: Draft,
  l: Awaited<ReturnType<typeof chunkLookups>>,
  env: ImportEnv,
): Resolved | FieldProblem[] {
  const d = draft.draft;
  const company = companyOf(d, l.companies, env);
  const product = productOf(d, l.bySku, l.byName, l.keys);
  const problems = [company, product].filter((x): x is FieldProblem => typeof x === 'object' && 'code' in x);
  if (problems.length || typeof company !== 'number') return problems;
  const p = product as ImportProduct;
  if (!d.tagSerialNumber) return { draft, companyId: company, product: p, tag: null };
  const t = l.tags.get(d.tagSerialNumber);
  const serial = d.tagSerialNumber;
  if (!t) return [{ field: 'tagSerialNumber', code: 'TAG_NOT_FOUND' }];
  if (t.company_id !== company)
    return [{ field: 'tagSerialNumber', code: 'IMPORT_TAG_OF_ANOTHER_COMPANY', params: { serial } }];
  if (!t.enabled) return [{ field: 'tagSerialNumber', code: 'TAG_DISABLED', params: { serial } }];
  return { draft, companyId: company, product: p, tag: { id: t.id, serial } };
}

/** The equipment of the row's natural key, `ambiguous` when several share its control number. */
function existingOf(r: Resolved, byTag: Map<number, ImportExisting>, byCode: Map<string, ImportExisting[]>) {
  if (r.tag) return byTag.get(r.tag.id) ?? null;
  const list = byCode.get(`${r.companyId}:${r.draft.draft.extraCode}`) ?? [];
  return list.length > 1 ? 'ambiguous' : (list[0] ?? null);
}

/** A resolved row on its product: attribute values and cycles checked by the form's rules. */
function finish(r: Resolved, existing: ImportExisting | null, env: ImportEnv): CheckedRow<BulkEquipmentRow> {
  const d = r.draft.draft;
  const line = r.draft.line;
  const problems: FieldProblem[] = [];
  if (!r.product.registrable && existing?.product_id !== r.product.id)
    problems.push({ field: d.productSku ? 'productSku' : 'productName', code: 'IMPORT_PRODUCT_NOT_FOUND' });
  const attrs = typedAttributeValues(d.attributes, r.product.attributes);
  problems.push(...attrs.problems);
  const codes = new Set(r.product.rules.map((x) => x.code));
  for (const c of d.cycles)
    if (!codes.has(c.code))
      problems.push({ field: `cycle:${c.code}`, code: 'CYCLE_UNKNOWN', params: { code: c.code } });
  if (problems.length) return { line, problems };
  const key = r.tag ? `t:${r.tag.serial}` : `c:${r.companyId}:${d.extraCode}`;
  const mapped = (f: string) => env.mapped.has(f);
  return {
    line,
    key,
    row: {
      line,
      companyId: r.companyId,
      product: r.product,
      tag: r.tag,
      existing,
      extraLabel: mapped('extraLabel') ? d.extraLabel : undefined,
      extraCode: mapped('extraCode') ? d.extraCode : undefined,
      dueDate: mapped('dueDate') && d.dueDate ? d.dueDate : undefined,
      attributes: attrs.values,
      cycles: d.cycles,
    },
  };
}

export const equipmentKind: ImportKindDef<EquipmentDraft, BulkEquipmentRow, Prep> = {
  kind: 'equipment',
  requiredAnyOf: [
    ['productSku', 'productName'],
    ['tagSerialNumber', 'extraCode'],
  ],
  targetFields: (ctx, opts) => equipmentTargetFields(ctx.auth.tenant, opts.inspectionTypeId),
  async prepare(env, fields) {
    const attributes = new Map<number, { attribute: string; type: 'TEXT' | 'DATE' }>();
    for (const f of fields) {
      const id = attributeFieldId(f.field);
      if (id !== null && env.mapped.has(f.field)) attributes.set(id, { attribute: f.label, type: f.type });
    }
    return { attributes };
  },
  parseRow: (values, prep, env) =>
    parseEquipmentCells(values, { today: env.today, attributes: prep.attributes }),
  async checkChunk(db, rows, _prep, env) {
    const l = await chunkLookups(db, rows, env);
    const resolved = rows.map((r) => resolve(r, l, env));
    const ok = resolved.filter((r): r is Resolved => !Array.isArray(r));
    const existing = await importExisting(db, {
      tagIds: ok.flatMap((r) => (r.tag ? [r.tag.id] : [])),
      codes: ok.flatMap((r) => (r.tag ? [] : [{ companyId: r.companyId, code: r.draft.draft.extraCode! }])),
    });
    const byTag = new Map(existing.filter((e) => e.tag_id !== null).map((e) => [e.tag_id!, e]));
    const byCode = new Map<string, ImportExisting[]>();
    for (const e of existing) {
      const k = `${e.company_id}:${e.extra_code}`;
      byCode.set(k, [...(byCode.get(k) ?? []), e]);
    }
    return resolved.map((r, i): CheckedRow<BulkEquipmentRow> => {
      if (Array.isArray(r)) return { line: rows[i]!.line, problems: r };
      const ex = existingOf(r, byTag, byCode);
      if (ex === 'ambiguous')
        return { line: r.draft.line, problems: [{ field: 'extraCode', code: 'IMPORT_KEY_AMBIGUOUS' }] };
      return finish(r, ex, env);
    });
  },
  async dryRunLimits(db, rows, prep, env) {
    prep.room ??= { plan: await planRoom(env), tags: new Map() };
    const room = prep.room;
    const over: { line: number; problems: FieldProblem[] }[] = [];
    for (const { line, row } of rows) {
      if (row.existing) continue;
      if (room.plan && room.plan.left-- <= 0) {
        const { limit, plan } = room.plan;
        over.push({
          line,
          problems: [{ field: null, code: 'PLAN_EQUIPMENT_LIMIT_REACHED', params: { limit, plan } }],
        });
        continue;
      }
      if (!row.tag || row.product.is_dv_exclusive) continue;
      let tags = room.tags.get(row.companyId);
      if (!tags) {
        const r = await tagsRoom(db, row.companyId);
        tags = { left: r.limit - r.inUse, limit: r.limit };
        room.tags.set(row.companyId, tags);
      }
      if (tags.left-- <= 0)
        over.push({
          line,
          problems: [{ field: null, code: 'TAGS_LIMIT_REACHED', params: { limit: tags.limit } }],
        });
    }
    return over;
  },
  async writeChunk(trx, rows, _prep, env) {
    const out = await bulkRegisterEquipment(
      env.ctx,
      trx,
      rows.map((r) => r.row),
    );
    return {
      created: out.created,
      updated: out.updated,
      skipped: out.skipped,
      failed: out.failed.map((f) => ({
        line: f.line,
        problems: [{ field: null, code: f.code, params: f.params }],
      })),
    };
  },
};
