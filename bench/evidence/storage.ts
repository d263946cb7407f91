/**
 * Steps 2 and 3's records: INSPECTIONS inspections made through the REST API on the running server,
 * each with the ten resized photos (multipart) and sealed with two signatures, with the tables'
 * and the file store's sizes before and after and the audit entries those writes made; and one
 * more sealed inspection without photos (the PDF's baseline).
 */
import path from 'node:path';
import { sql } from 'kysely';
import { INSPECTIONS } from './common.ts';
import { dirBytes, signaturePng } from './fixtures.ts';
import type { Product } from './product.ts';

export const RELATIONS = [
  'inspections',
  'record_photos',
  'record_seals',
  'audit_entries',
  'audit_transactions',
];

export type Sizes = Record<string, { bytes: number; rows: number }>;

export interface Stored {
  before: Sizes;
  after: Sizes;
  beforeFiles: ReturnType<typeof dirBytes>;
  afterFiles: ReturnType<typeof dirBytes>;
  auditRows: { entity: string; action: string; n: string; bytes: string }[];
  /** the inspections made with photos */
  made: number[];
  /** the sealed inspection without photos */
  bareId: number;
  restMs: number;
  uploadMs: number[];
}

export async function storeInspections(p: Product, resizedBytes: Buffer<ArrayBuffer>[]): Promise<Stored> {
  const { db, schema, url } = p;
  const dataDir = p.env.DATA_DIR!;
  const sizesNow = async () => {
    await sql`analyze`.execute(db);
    const out: Sizes = {};
    for (const rel of RELATIONS) {
      const { rows } = await sql<{ bytes: string; n: string }>`
        select pg_total_relation_size(${`${schema}.${rel}`}::regclass)::text as bytes,
               (select count(*) from ${sql.table(`${schema}.${rel}`)})::text as n`.execute(db);
      out[rel] = { bytes: Number(rows[0]!.bytes), rows: Number(rows[0]!.n) };
    }
    return out;
  };
  const api = async (method: string, pathname: string, body?: unknown | FormData) => {
    const res = await fetch(new URL(pathname, url), {
      method,
      headers: {
        Authorization: `Bearer ${p.operatorToken}`,
        ...(body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: { id?: number } };
    if (res.status >= 300) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(json)}`);
    return json.data!;
  };
  const seal = (id: number, seed: number) =>
    api('PUT', `/web/inspections/${id}/signatures`, {
      technician: { name: 'Inês Inspetora', image: signaturePng(seed) },
      client: { name: 'Carlos Cliente', role: 'Gerente de manutenção', image: signaturePng(seed + 1) },
    });
  const { goodAnswers } = await import('../../tests/integration/equipment/helpers.ts');
  const answers = goodAnswers(p.catalogue);
  const equipments = [];
  for (let i = 0; i < INSPECTIONS + 1; i++) equipments.push(await p.newEquipment());
  const before = await sizesNow();
  const lastAudit = await sql<{ id: string | null }>`
    select max(id)::text as id from ${sql.table(`${schema}.audit_entries`)}`.execute(db);
  const beforeFiles = dirBytes(path.join(dataDir, 'photos'));
  const t = performance.now();
  const uploadMs: number[] = [];
  const made: number[] = [];
  for (const [n, e] of equipments.slice(0, INSPECTIONS).entries()) {
    const { id } = await api('POST', `/web/equipments/${e.serial}/inspections`, { answers });
    for (const [k, bytes] of resizedBytes.entries()) {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), `foto-${k + 1}.jpg`);
      const u = performance.now();
      await api('POST', `/web/inspections/${id}/photos`, form);
      uploadMs.push(performance.now() - u);
    }
    await seal(id!, n * 2);
    made.push(id!);
  }
  const restMs = performance.now() - t;
  const after = await sizesNow();
  const afterFiles = dirBytes(path.join(dataDir, 'photos'));
  // The audit entries those writes made, by table and action: the photos' grow with their number.
  const { rows: auditRows } = await sql<{ entity: string; action: string; n: string; bytes: string }>`
    select entity, action, count(*)::text as n, sum(pg_column_size(e.*))::text as bytes
    from ${sql.table(`${schema}.audit_entries`)} e
    where id > ${Number(lastAudit.rows[0]?.id ?? 0)}
    group by entity, action order by entity, action`.execute(db);
  // The baseline of the PDF: the same kind of record, sealed the same way, without photos.
  const bare = equipments[INSPECTIONS]!;
  const { id: bareId } = await api('POST', `/web/equipments/${bare.serial}/inspections`, { answers });
  await seal(bareId!, 0);
  return { before, after, beforeFiles, afterFiles, auditRows, made, bareId: bareId!, restMs, uploadMs };
}
