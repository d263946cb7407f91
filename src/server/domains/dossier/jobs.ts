/**
 * The building dossier as a job (`dossier-pdf`, issue 30 item 5) on the reports' queue (a whole
 * company: like an export, one at a time per worker). The company was held to the requester's scope
 * when the job was requested (service.ts); the worker reads the company in the job's own group,
 * then its equipment, cycles, seals and service orders in one REPEATABLE READ snapshot, batch by
 * batch (reads.ts), drawing each batch as it arrives (src/render/sectioned-pdf.ts).
 */
import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import { isoDateField } from '../../../shared/fields.ts';
import { config } from '../../config.ts';
import { coreDb, tenantDb } from '../../db/database.ts';
import { fileStore } from '../../files/store.ts';
import { defineJob } from '../../jobs/define.ts';
import { jobGroup } from '../../jobs/job-group.ts';
import { dossierBlocks } from './content.ts';

export const dossierPdfParamsSchema = z.object({
  /** the day the dossier was asked for (APP_TIME_ZONE): statuses and "the next 90 days" are relative to it */
  day: isoDateField,
});

export const DOSSIER_TITLE = 'Dossiê da edificação (AVCB/CLCB)';

const ADDRESS_KEYS = ['address', 'number', 'complement', 'neighborhood', 'city', 'state', 'cep'];

/** The company's stored address as one line (known parts in order, then any other). */
export function addressLine(address: Record<string, string> | null): string {
  if (!address) return '—';
  const keys = [...ADDRESS_KEYS, ...Object.keys(address).filter((k) => !ADDRESS_KEYS.includes(k))];
  const parts = keys
    .map((k) => address[k])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return parts.length ? parts.join(', ') : '—';
}

export const dossierPdfJob = defineJob({
  type: 'dossier-pdf',
  params: dossierPdfParamsSchema,
  queue: 'reports',
  attempts: 2,
  concurrency: 1,
  async process({ params, meta, progress }) {
    if (meta.companyId === null) throw new UnrecoverableError('a dossier needs its company');
    const group = await jobGroup(meta, 'a dossier');
    const company = await coreDb()
      .selectFrom('companies as c')
      .innerJoin('company_groups as g', 'g.id', 'c.company_group_id')
      .select(['c.id', 'c.name', 'c.cnpj', 'c.address', 'g.name as groupName'])
      .where('c.id', '=', meta.companyId)
      .where('c.company_group_id', '=', group.id)
      .executeTakeFirst();
    if (!company) throw new UnrecoverableError(`company ${meta.companyId} not found in its group`);
    const timeZone = config().APP_TIME_ZONE;
    await progress(5);
    const header = [
      `Empresa: ${company.name}`,
      `CNPJ: ${company.cnpj?.trim() || '—'}`,
      `Endereço: ${addressLine(company.address)}`,
      `Grupo: ${company.groupName}`,
      `Situação em ${formatDate(params.day)} — emitido em ${formatDateTime(new Date(), timeZone)}`,
    ];
    // pdf-lib loads only in the worker, on the first document.
    const { renderSectionedPdf } = await import('../../../render/sectioned-pdf.ts');
    const bytes = await tenantDb(group.schema)
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) =>
        renderSectionedPdf(dossierBlocks(trx, company.id, params.day, timeZone, progress), {
          title: DOSSIER_TITLE,
          header,
        }),
      );
    await progress(90);
    const name = `dossie-${company.id}-${params.day}.pdf`;
    // Keyed on the job: a retry (BullMQ is at-least-once) overwrites the same file.
    const key = `jobs/${meta.jobId}/${name}`;
    const { size } = await fileStore().put(
      key,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      'application/pdf',
    );
    await progress(100);
    return {
      file: { key, name, contentType: 'application/pdf', size },
      summary: { companyId: company.id, day: params.day },
    };
  },
});

/** Registered through the domain (`src/server/jobs/registry.ts`). */
export const dossierJobs = [dossierPdfJob];
