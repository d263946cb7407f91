import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/shared/dates.ts';
import { coreDb, tenantDb } from '../../../src/server/db/database.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { answers, type DocumentsTenant, documentsTenant, inspect, pdfText } from '../documents/helpers.ts';
import { bodyBytes } from '../qr/helpers.ts';
import { signatures } from '../seals/helpers.ts';
import { createOrder, day, newEquipment, orderBody, uid, waitFor } from '../service-orders/helpers.ts';

const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let t: DocumentsTenant;
beforeAll(async () => {
  t = await documentsTenant();
}, 60_000);

/** A cycle of the catalogue product's list (its own or its type's), named `name`; answers its code. */
async function addCycle(name: string): Promise<string> {
  const db = tenantDb(t.schema);
  const p = await db
    .selectFrom('products')
    .select(['inspection_type_id', 'own_cycles'])
    .where('id', '=', t.catalogue.productId)
    .executeTakeFirstOrThrow();
  const code = `dossie-${uid()}`;
  await db
    .insertInto('maintenance_cycles')
    .values({
      inspection_type_id: p.inspection_type_id,
      product_id: p.own_cycles ? t.catalogue.productId : null,
      code,
      name,
      norm: 'NBR 12962',
      interval_value: 12,
      interval_unit: 'MONTHS',
      done_by: 'INSPECTION',
      maintenance_level: null,
      question_id: null,
      answer: null,
      done_attributes: [],
      start_from: 'LAST_DONE',
      start_date: null,
      warning_days: null,
      position: 90,
    })
    .execute();
  return code;
}

/** Sets equipment `id`'s state of cycle `code`: due in `offset` days, warned 30 days before. */
async function setDue(id: number, code: string, offset: number) {
  await tenantDb(t.schema)
    .insertInto('equipment_cycles')
    .values({
      equipment_id: id,
      cycle_code: code,
      record_done_at: null,
      last_done_at: day(offset - 365),
      due_date: day(offset),
      notice_date: day(offset - 30),
    })
    .onConflict((oc) =>
      oc
        .columns(['equipment_id', 'cycle_code'])
        .doUpdateSet({ due_date: day(offset), notice_date: day(offset - 30) }),
    )
    .execute();
}

describe('the building dossier (GET /web/companies/{id}/dossier/pdf)', () => {
  it('lists each system’s equipment with its cycles and last seal, the open orders, the improper ones and the next 90 days', async () => {
    const [expired, soon, later, sooner] = [
      await newEquipment(t),
      await newEquipment(t),
      await newEquipment(t),
      await newEquipment(t),
    ];
    // A sealed inspection of the first equipment.
    const inspectionId = await inspect(t, expired!.serial, { answers: answers(t.catalogue) });
    const sign = await rest<{ code: string }>('PUT', `/web/inspections/${inspectionId}/signatures`, {
      token: t.tokens.operator,
      body: signatures(),
    });
    expect(sign.status).toBe(200);
    const sealCode = sign.json.data!.code;
    const cycleName = `Recarga ${uid()}`;
    const code = await addCycle(cycleName);
    await setDue(expired!.id, code, -5);
    await setDue(soon!.id, code, 30);
    await setDue(later!.id, code, 200);
    await setDue(sooner!.id, code, 10);
    await tenantDb(t.schema)
      .updateTable('equipment')
      .set({ last_inspection_improper: true })
      .where('id', '=', later!.id)
      .execute();
    const order = await createOrder(t.tokens.companyAdmin, orderBody(t, [expired!, soon!]));

    // Over tRPC the call answers the job; the worker renders it.
    const { jobId } = await trpcClient(t.tokens.companyAdmin).dossier.pdf.mutate({ id: t.companyId });
    const job = await waitFor(async () => {
      const j = await rest<{ state: string }>('GET', `/web/jobs/${jobId}`, { token: t.tokens.companyAdmin });
      return ['completed', 'failed'].includes(j.json.data?.state ?? '') ? j.json.data : undefined;
    });
    expect(job.state).toBe('completed');

    // The REST call waits for its own job and streams the file.
    const r = await rest('GET', `/web/companies/${t.companyId}/dossier/pdf`, {
      token: t.tokens.companyAdmin,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('application/pdf');
    expect(r.headers.get('Content-Disposition')).toContain(`dossie-${t.companyId}-${day(0)}.pdf`);
    const text = pdfText(await bodyBytes(r.res));

    expect(text).toContain('Dossiê da edificação (AVCB/CLCB)');
    expect(text).toContain(`Empresa: ${t.companyName}`);
    expect(text).toContain(`Situação em ${formatDate(day(0))}`);
    expect(text).toContain('Resumo');
    for (const e of [expired!, soon!, later!, sooner!]) {
      expect(text).toContain(e.serial);
      expect(text).toContain(e.extraLabel);
    }
    expect(text).toContain(`${cycleName}: Vencido — ${formatDate(day(-5))}`);
    expect(text).toContain(`${cycleName}: A vencer — ${formatDate(day(10))}`);
    expect(text).toContain(`${cycleName}: Válido — ${formatDate(day(200))}`);
    expect(text).toContain(sealCode);
    expect(text).toContain(`Inspeção em ${formatDate(day(0))}`);

    const orders = text.slice(text.indexOf('Ordens de serviço abertas'));
    expect(orders).toContain(`OS nº ${order.number}`);
    expect(orders).toContain('2 de 2');

    const improper = text.slice(
      text.indexOf('Equipamentos impróprios'),
      text.indexOf('Vence nos próximos 90 dias'),
    );
    expect(improper).toContain(later!.serial);
    expect(improper).not.toContain(expired!.serial);

    // The next 90 days: by date, neither the expired cycle nor the one due in 200 days.
    const ahead = text.slice(text.indexOf('Vence nos próximos 90 dias'));
    expect(ahead).toContain(sooner!.serial);
    expect(ahead).toContain(soon!.serial);
    expect(ahead).not.toContain(expired!.serial);
    expect(ahead).not.toContain(later!.serial);
    expect(ahead.indexOf(formatDate(day(10)))).toBeGreaterThan(-1);
    expect(ahead.indexOf(formatDate(day(10)))).toBeLessThan(ahead.indexOf(formatDate(day(30))));
    expect(ahead.indexOf(sooner!.serial)).toBeLessThan(ahead.indexOf(soon!.serial));
  }, 120_000);

  it('a group admin gets any company of its group; a company admin another company 404; operators 403; another group’s company 404', async () => {
    const theirs = await newEquipment(t, { companyId: t.companyB });
    const r = await rest('GET', `/web/companies/${t.companyB}/dossier/pdf`, { token: t.tokens.group });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(pdfText(await bodyBytes(r.res))).toContain(theirs.serial);

    const other = await rest('GET', `/web/companies/${t.companyB}/dossier/pdf`, {
      token: t.tokens.companyAdmin,
    });
    expect(other.status).toBe(404);
    expect(other.json.error?.code).toBe('DOSSIER_COMPANY_NOT_FOUND');

    const op = await rest('GET', `/web/companies/${t.companyId}/dossier/pdf`, { token: t.tokens.operator });
    expect(op.status).toBe(403);
    expect(op.json.error?.code).toBe('FORBIDDEN');

    const foreign = await coreDb()
      .selectFrom('companies')
      .select('id')
      .where('company_group_id', '!=', t.groupId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const tenant = await rest('GET', `/web/companies/${foreign.id}/dossier/pdf`, { token: t.tokens.group });
    expect(tenant.status).toBe(404);
    expect(tenant.json.error?.code).toBe('DOSSIER_COMPANY_NOT_FOUND');
    await expect(trpcClient(t.tokens.group).dossier.pdf.mutate({ id: foreign.id })).rejects.toMatchObject({
      data: { code: 'DOSSIER_COMPANY_NOT_FOUND' },
    });
  }, 120_000);
});
