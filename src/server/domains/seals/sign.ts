/**
 * PUT /web/inspections/{id}/signatures and PUT /web/maintenances/{id}/signatures (issue 29 items 2
 * and 3): the technician's signature (name and drawing) and optionally the client's representative
 * (name, role, drawing) seal the record in one transaction — the `record_seals` row with the
 * SHA-256 of the canonical content and a public code, and the code's `core.seal_codes` row. After
 * that the record is immutable (triggers of tenant migration 1101); a second signing is 409
 * RECORD_SEALED. Who may sign: whoever may record it (every tenant role), for a record of a
 * company in the caller's scope — else 404 NOT_FOUND, as for an id that names nothing.
 */
import type { SignaturesInput } from '../../../shared/seals/schemas.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../errors.ts';
import { requireInScope, scopeOf } from '../../kit/scope.ts';
import { type Ctx, inTenantTx, type Trx } from '../../kit/tenant-tx.ts';
import { canonicalContent, loadRecordContent, type SealPart, sha256Hex } from './canonical.ts';
import { claimSealCode } from './codes.ts';
import { signaturePng } from './png-signature.ts';
import type { SealKind } from './tables.ts';

/** Locks the record row (a concurrent signing waits, then finds the seal). */
async function lockRecord(trx: Trx, kind: SealKind, id: number) {
  // Both tables have the columns read here; the type is one of them.
  const table = (kind === 'INSPECTION' ? 'inspections as r' : 'maintenances as r') as 'inspections as r';
  return trx
    .selectFrom(table)
    .innerJoin('equipment as e', 'e.id', 'r.equipment_id')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(['r.id', 'r.company_id', 'r.equipment_id', 't.serial_number', 'p.name as product_name'])
    .where('r.id', '=', id)
    .forUpdate('r')
    .executeTakeFirst();
}

async function checkCorrects(trx: Trx, kind: SealKind, equipmentId: number, id: number, correctsId: number) {
  if (correctsId === id) throw new AppError('SEAL_CORRECTS_INVALID');
  const corrected = await trx
    .selectFrom('record_seals')
    .select('id')
    .where('kind', '=', kind)
    .where('record_id', '=', correctsId)
    .where('equipment_id', '=', equipmentId)
    .executeTakeFirst();
  if (!corrected) throw new AppError('SEAL_CORRECTS_INVALID');
}

export async function signRecord(
  ctx: Ctx,
  kind: SealKind,
  input: SignaturesInput,
): Promise<{ code: string; sha256: string; sealedAt: Date }> {
  const { auth } = ctx;
  return inTenantTx(ctx, async (trx) => {
    const found = await lockRecord(trx, kind, input.id);
    const record = requireInScope(scopeOf(auth), found, (r) => ({
      groupId: auth.companyGroup.id,
      companyId: r.company_id,
    }));
    // The images are checked after the permission check (nothing about them leaks to outsiders).
    const technicianImage = signaturePng(input.technician.image);
    const clientImage = input.client ? signaturePng(input.client.image) : null;
    const sealed = await trx
      .selectFrom('record_seals')
      .select('id')
      .where('kind', '=', kind)
      .where('record_id', '=', record.id)
      .executeTakeFirst();
    if (sealed) throw new AppError('RECORD_SEALED');
    if (input.correctsId !== null)
      await checkCorrects(trx, kind, record.equipment_id, record.id, input.correctsId);
    const content = await loadRecordContent(trx, kind, record.id);
    if (!content) throw new AppError('NOT_FOUND');
    const seal: SealPart = {
      tagSerial: record.serial_number,
      productName: record.product_name,
      technician: { name: input.technician.name, image: technicianImage },
      client: input.client && clientImage ? { ...input.client, image: clientImage } : null,
      signedBy: auth.user.id,
      sealedAt: new Date(),
      correctsId: input.correctsId,
    };
    const sha256 = sha256Hex(await canonicalContent(trx, content, seal));
    const code = await claimSealCode(trx, {
      companyGroupId: auth.companyGroup.id,
      kind,
      recordId: record.id,
    });
    try {
      await trx
        .insertInto('record_seals')
        .values({
          kind,
          record_id: record.id,
          equipment_id: record.equipment_id,
          company_id: record.company_id,
          tag_serial: seal.tagSerial,
          product_name: seal.productName,
          technician_name: seal.technician.name,
          technician_image: technicianImage,
          client_name: seal.client?.name ?? null,
          client_role: seal.client?.role ?? null,
          client_image: clientImage,
          signed_by: seal.signedBy,
          sealed_at: seal.sealedAt,
          sha256,
          code,
          corrects_id: input.correctsId,
        })
        .execute();
    } catch (err) {
      if (isUniqueViolation(err, 'record_seals_record_key')) throw new AppError('RECORD_SEALED');
      throw err;
    }
    return { code, sha256, sealedAt: seal.sealedAt };
  });
}
