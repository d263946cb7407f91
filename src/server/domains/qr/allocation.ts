import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { serialFromNumber } from '../../../shared/qr/serial.ts';
import { config } from '../../config.ts';
import { baseDb, coreDb, tenantDb, tenantSchemaName, withCore } from '../../db/database.ts';
import { writeTenantAuditHeader } from '../../kit/audit-header.ts';

/**
 * The serial of item `index` of a job: HMAC of the job id, index and a collision salt under
 * APP_SECRET. Deterministic (a retry derives the same serials), unguessable without the secret.
 */
export function deriveSerial(jobId: string, index: number, salt = 0): string {
  const mac = createHmac('sha256', config().APP_SECRET).update(`tag:${jobId}:${index}:${salt}`).digest();
  return serialFromNumber(mac.readBigUInt64BE(0));
}

export interface AllocateInput {
  jobId: string;
  companyGroupId: number;
  companyId: number;
  schemaName: string;
  quantity: number;
}

/**
 * Allocates `quantity` serials for a job in one transaction keyed by the job id: the registry rows
 * and the tenant tags commit together or not at all, and a second run (BullMQ retry, a stalled job
 * picked up by another worker) finds them and allocates nothing. Answers how many were new.
 */
export async function allocateBatch(input: AllocateInput): Promise<{ created: number }> {
  return baseDb()
    .transaction()
    .execute(async (trx) => {
      // Two workers on the same job (a stalled lock) serialise here.
      await sql`select pg_advisory_xact_lock(hashtextextended(${`qr:${input.jobId}`}, 0))`.execute(trx);
      const core = withCore(trx);
      const existing = await core
        .selectFrom('tag_registry')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('job_id', '=', input.jobId)
        .executeTakeFirstOrThrow();
      if (existing.n === input.quantity) return { created: 0 };
      if (existing.n !== 0)
        throw new Error(`job ${input.jobId} has ${existing.n} serials, expected ${input.quantity}`);

      let missing = Array.from({ length: input.quantity }, (_, i) => i);
      // A serial taken by another batch (rare: 31^9 space) is re-derived with the next salt.
      for (let salt = 0; missing.length > 0; salt++) {
        if (salt > 20) throw new Error('could not allocate unique serials');
        const serials = missing.map((i) => deriveSerial(input.jobId, i, salt));
        const inserted = await sql<{ batch_index: number }>`
          insert into core.tag_registry (serial, company_group_id, company_id, job_id, batch_index)
          select s, ${input.companyGroupId}::bigint, ${input.companyId}::bigint, ${input.jobId}::uuid, i
          from unnest(${serials}::text[], ${missing}::int[]) as t(s, i)
          on conflict do nothing
          returning batch_index`.execute(trx);
        const done = new Set(inserted.rows.map((r) => r.batch_index));
        missing = missing.filter((i) => !done.has(i));
      }
      // The audit trail's header: the tags below are logged as this job's (kit/audit-header.ts).
      await writeTenantAuditHeader(tenantDb(input.schemaName, trx), {
        system: `qr-allocation ${input.jobId}`,
        companyId: input.companyId,
      });
      const tags = sql.table(`${tenantSchemaName(input.schemaName)}.tags`);
      await sql`
        insert into ${tags} (serial_number, company_id, job_id, batch_index, created_at)
        select serial, company_id, job_id, batch_index, created_at from core.tag_registry where job_id = ${input.jobId}::uuid
        on conflict (serial_number) do nothing`.execute(trx);
      return { created: input.quantity };
    });
}

export interface BatchItem {
  serial: string;
  index: number;
  createdAt: Date;
}

/** Streams a job's serials in index order, a chunk at a time (keyset paging on the unique index). */
export async function* batchSerials(jobId: string, chunk = 500): AsyncGenerator<BatchItem[]> {
  let after = -1;
  for (;;) {
    const rows = await coreDb()
      .selectFrom('tag_registry')
      .select(['serial', 'batch_index', 'created_at'])
      .where('job_id', '=', jobId)
      .where('batch_index', '>', after)
      .orderBy('batch_index')
      .limit(chunk)
      .execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.batch_index!;
    yield rows.map((r) => ({ serial: r.serial, index: r.batch_index!, createdAt: new Date(r.created_at) }));
    if (rows.length < chunk) return;
  }
}
