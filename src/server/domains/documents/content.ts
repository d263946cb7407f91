/**
 * The content of one record's document. The record itself is read by the equipment domain's
 * loader — the same reading and mapping as the equipment dialog's history — and what it is about
 * (the equipment's tag and labels, the product it was recorded for) is added here.
 */
import type { Db } from '../../kit/tenant-tx.ts';
import { productsWithType } from '../equipment/index.ts';
import type { RecordDocument, RecordKind } from '../../../shared/documents/document-types.ts';
import { inspectionRecordById, maintenanceRecordById, type RecordOwner } from '../equipment/index.ts';
import { recordSeal } from '../seals/index.ts';
import { inspectionDocument, type LayoutOptions, maintenanceDocument, type RecordSubject } from './layout.ts';
import { withPhotos } from './photos.ts';
import { withSeal } from './seal-layout.ts';

/** One record of either kind by id, with its owner; null when the tenant has none of that id. */
export function findRecord(db: Db, kind: RecordKind, id: number): Promise<{ owner: RecordOwner } | null> {
  return kind === 'inspection' ? inspectionRecordById(db, id) : maintenanceRecordById(db, id);
}

/** The equipment's tag and labels as they are now (its QR is what a scan opens), and the record's product. */
async function loadSubject(db: Db, owner: RecordOwner, companyName: string): Promise<RecordSubject> {
  const [equipment, product] = await Promise.all([
    db
      .selectFrom('equipment as e')
      .innerJoin('tags as t', 't.id', 'e.tag_id')
      .select(['t.serial_number', 'e.extra_label', 'e.extra_code'])
      .where('e.id', '=', owner.equipmentId)
      .executeTakeFirst(),
    productsWithType(db)
      .select(['p.name', 'p.sku', 'c.name as category', 'it.name as subcategory'])
      .where('p.id', '=', owner.productId)
      .executeTakeFirst(),
  ]);
  // Foreign keys hold both; missing means the database changed under the job.
  if (!equipment || !product) throw new Error('the record’s equipment or product is missing');
  return {
    companyName,
    tagSerialNumber: equipment.serial_number,
    extraLabel: equipment.extra_label,
    extraCode: equipment.extra_code,
    product,
  };
}

/**
 * The document of record `id` of `companyId` (the company the job was checked for), or null when
 * the tenant has no such record of that company.
 */
export async function loadRecordDocument(
  db: Db,
  kind: RecordKind,
  id: number,
  company: { id: number; name: string },
  opts: LayoutOptions,
): Promise<RecordDocument | null> {
  // A signed record shows its signatures and verification code (issue 29).
  const seal = () => recordSeal(db, kind === 'inspection' ? 'INSPECTION' : 'MAINTENANCE', id);
  if (kind === 'inspection') {
    const found = await inspectionRecordById(db, id);
    if (!found || found.owner.companyId !== company.id) return null;
    const doc = inspectionDocument(await loadSubject(db, found.owner, company.name), found.record, opts);
    const withTheirPhotos = await withPhotos(db, kind, id, doc, found.record.questionsAnswers, opts.timeZone);
    return withSeal(withTheirPhotos, await seal(), opts);
  }
  const found = await maintenanceRecordById(db, id);
  if (!found || found.owner.companyId !== company.id) return null;
  const doc = maintenanceDocument(await loadSubject(db, found.owner, company.name), found.record, opts);
  const withTheirPhotos = await withPhotos(db, kind, id, doc, found.record.questionsAnswers, opts.timeZone);
  return withSeal(withTheirPhotos, await seal(), opts);
}
