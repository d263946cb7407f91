/**
 * GET /web/verify/{code} (issue 29 item 3): anyone, without signing in, checks a sealed record. The
 * code names its company group (`core.seal_codes`); the record and its seal are read in that
 * tenant, the canonical content is rebuilt and hashed again, and the answer says whether it still
 * matches — with the equipment, the record's day and the company, nothing private (no people's
 * names, no e-mails, no answers). Rate-limited per IP like the public tag card.
 */
import type { Verification } from '../../../shared/seals/schemas.ts';
import { config } from '../../config.ts';
import type { RequestContext } from '../../context.ts';
import { companyNameOf } from '../../db/company-name.ts';
import { coreDb, tenantDb } from '../../db/database.ts';
import { today } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { limitRate } from '../../rate-limit.ts';
import { sql } from 'kysely';
import { canonicalContent, loadRecordContent, sha256Hex } from './canonical.ts';
import { looksLikeSealCode } from './codes.ts';

export async function verifySeal(ctx: RequestContext, { code }: { code: string }): Promise<Verification> {
  // Spares the database from code guessing; it reveals nothing, so it fails open without Redis.
  await limitRate(['seal-verify', 'ip', ctx.ip], config().TAG_CARD_MAX_PER_MINUTE, 60, {
    whenRedisDown: 'open',
  });
  if (!looksLikeSealCode(code)) throw new AppError('SEAL_CODE_NOT_FOUND');
  const home = await coreDb()
    .selectFrom('seal_codes as s')
    .innerJoin('company_groups as g', 'g.id', 's.company_group_id')
    .select(['g.schema_name'])
    .where('s.code', '=', code)
    .executeTakeFirst();
  if (!home) throw new AppError('SEAL_CODE_NOT_FOUND');
  const db = tenantDb(home.schema_name);
  const seal = await db
    .selectFrom('record_seals as s')
    .selectAll('s')
    .select(companyNameOf(sql.ref('s.company_id')).as('company_name'))
    .where('s.code', '=', code)
    .executeTakeFirst();
  if (!seal) throw new AppError('SEAL_CODE_NOT_FOUND');
  const record = await loadRecordContent(db, seal.kind, seal.record_id);
  let matches = false;
  if (record) {
    const text = await canonicalContent(db, record, {
      tagSerial: seal.tag_serial,
      productName: seal.product_name,
      technician: { name: seal.technician_name, image: seal.technician_image },
      client:
        seal.client_name !== null && seal.client_role !== null && seal.client_image !== null
          ? { name: seal.client_name, role: seal.client_role, image: seal.client_image }
          : null,
      signedBy: seal.signed_by,
      sealedAt: seal.sealed_at,
      correctsId: seal.corrects_id,
    });
    matches = sha256Hex(text) === seal.sha256;
  }
  return {
    code: seal.code,
    matches,
    kind: seal.kind,
    equipment: { tagSerialNumber: seal.tag_serial, productName: seal.product_name },
    date: record ? today(record.performedAt) : null,
    companyName: seal.company_name,
    sealedAt: seal.sealed_at,
  };
}
