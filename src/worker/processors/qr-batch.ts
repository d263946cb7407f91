import { UnrecoverableError } from 'bullmq';
import { toIsoDate } from '../../shared/dates.ts';
import { config } from '../../server/config.ts';
import { coreDb } from '../../server/db/database.ts';
import { allocateBatch } from '../../server/domains/qr/allocation.ts';
import type { QrBatchParams } from '../../server/domains/qr/service.ts';
import type { ProcessorContext } from './types.ts';

export interface PreparedBatch {
  jobId: string;
  quantity: number;
  publicUrl: string;
  company: { id: number; name: string };
  fileName(ext: string): string;
  /** progress of the rendering part: 10..95 % */
  renderProgress(done: number): Promise<void>;
}

/**
 * First half of every QR batch job: check the parameters, then allocate the serials idempotently
 * (a retry or a second worker finds them already committed and re-renders the same ones).
 */
export async function prepareBatch({ payload, progress }: ProcessorContext): Promise<PreparedBatch> {
  const p = payload.params as Partial<QrBatchParams>;
  const quantity = Number(p.quantity);
  if (!payload.companyGroupId || !p.companyId || !Number.isInteger(quantity) || quantity < 1) {
    throw new UnrecoverableError('invalid QR batch parameters');
  }
  const company = await coreDb()
    .selectFrom('companies as c')
    .innerJoin('company_groups as g', 'g.id', 'c.company_group_id')
    .select(['c.id', 'c.name', 'g.schema_name'])
    .where('c.id', '=', p.companyId)
    .where('c.company_group_id', '=', payload.companyGroupId)
    .executeTakeFirst();
  if (!company) throw new UnrecoverableError('company not found in its group');
  await progress(1);
  await allocateBatch({
    jobId: payload.jobId,
    companyGroupId: payload.companyGroupId,
    companyId: company.id,
    schemaName: company.schema_name,
    quantity,
  });
  await progress(10);
  const stamp = toIsoDate(new Date()).replace(/-/g, '');
  return {
    jobId: payload.jobId,
    quantity,
    publicUrl: p.publicUrl ?? config().PUBLIC_URL,
    company: { id: company.id, name: company.name },
    fileName: (ext) => `tags-qrcode-${company.id}-${stamp}-${quantity}.${ext}`,
    renderProgress: (done) => progress(10 + (85 * done) / quantity),
  };
}

export function resultKey(jobId: string, name: string): string {
  return `jobs/${jobId}/${name}`;
}
