import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/shared/dates.ts';
import { tagUrl } from '../../../src/shared/qr/serial.ts';
import { config } from '../../../src/server/config.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { ITEM_QR_SIDE } from '../../../src/render/service-order-pdf.ts';
import { M } from '../../../src/render/record-pdf.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { decodeQr, rasterisePdf } from '../../helpers/qr-decode.ts';
import { pageCount, pdfText } from '../documents/helpers.ts';
import { createTag, register } from '../equipment/helpers.ts';
import { bodyBytes } from '../qr/helpers.ts';
import {
  createOrder,
  day,
  newEquipment,
  orderBody,
  type OrderJson,
  type SoTenant,
  soTenant,
  updateBody,
  waitFor,
} from './helpers.ts';

const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

let t: SoTenant;
beforeAll(async () => {
  t = await soTenant();
}, 60_000);

/**
 * Every QR code of the pages' left column (where each equipment's code is drawn), top to bottom
 * and page by page.
 */
function columnCodes(pdf: Uint8Array): string[] {
  const found: string[] = [];
  const k = 150 / 72;
  for (const png of rasterisePdf(pdf)) {
    const side = Math.ceil(ITEM_QR_SIDE * k);
    const x = Math.max(0, Math.floor(M * k) - 10);
    // A window a little taller than a code, moved by less than the slack: every code lies whole
    // in one of them with at most a sliver of its neighbours.
    for (let y = 0; y + side + 24 <= png.height; y += 12) {
      const code = decodeQr(png, { x, y, w: side + 20, h: side + 24 });
      if (code && !found.includes(code)) found.push(code);
    }
  }
  return found;
}

describe('the printable service order', () => {
  it('GET /web/service-order/{id}/pdf streams the order: number, dates, people, status, equipment with a QR each', async () => {
    const es = [await newEquipment(t), await newEquipment(t), await newEquipment(t)];
    const created = await createOrder(
      t.tokens.companyAdmin,
      orderBody(t, es, {
        type: 'INSPECTION',
        priority: 'HIGHEST',
        observation: 'Verificar lacres e manômetros',
      }),
    );
    const updated = await rest<OrderJson>('PUT', `/web/service-order/${created.id}/`, {
      token: t.tokens.group,
      body: updateBody(created, {
        status: 'PARTIAL',
        equipments: updateBody(created).equipments.map((e, i) => ({
          ...e,
          completionDate: i === 1 ? day(0) : null,
        })),
      }),
    });
    expect(updated.status).toBe(200);

    const r = await rest('GET', `/web/service-order/${created.id}/pdf`, { token: t.tokens.companyAdmin });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('application/pdf');
    expect(r.headers.get('Content-Disposition')).toContain(`filename="os-${created.number}.pdf"`);
    const bytes = await bodyBytes(r.res);
    expect(await pageCount(bytes)).toBe(1);

    const text = pdfText(bytes);
    for (const expected of [
      `Ordem de serviço nº ${created.number}`,
      t.companyName,
      `Número ${created.number}`,
      `Data de início ${formatDate(created.startDate)}`,
      `Data de término ${formatDate(created.endDate)}`,
      `Responsável ${t.operatorName}`,
      'Prioridade Muito alta',
      'Tipo Inspeção',
      'Status Parcial',
      'Observação Verificar lacres e manômetros',
      'Equipamentos (3)',
      `Conclusão: ${formatDate(day(0))}`,
      'Conclusão: --/--/----',
      ...es.flatMap((e) => [`Tag: ${e.serial}`, `Identificação: ${e.extraLabel}`]),
      `(SKU ${created.equipments[0]!.productSku})`,
      `Responsável: ${t.operatorName}`,
    ])
      expect(text).toContain(expected);
    expect(text).toContain(`Solicitante ${created.requestUserName}`);

    // Rasterised like a printout, each equipment's code decodes to its tag's page, in order.
    expect(columnCodes(bytes)).toEqual(es.map((e) => tagUrl(config().PUBLIC_URL, e.serial)));
  });

  it('an order with many equipment continues on more pages, every code still there', async () => {
    const es = [];
    for (let i = 0; i < 12; i++) es.push(await newEquipment(t));
    const created = await createOrder(t.tokens.group, orderBody(t, es));
    const { jobId } = await trpcClient(t.tokens.group).serviceOrders.pdf.mutate({ id: created.id });
    const job = await waitFor(async () => {
      const j = await rest<{ state: string }>('GET', `/web/jobs/${jobId}`, { token: t.tokens.group });
      return j.json.data?.state === 'completed' ? j.json.data : undefined;
    });
    expect(job.state).toBe('completed');
    const file = await rest('GET', `/web/service-order/${created.id}/pdf`, { token: t.tokens.group });
    const bytes = await bodyBytes(file.res);
    expect(await pageCount(bytes)).toBeGreaterThan(1);
    expect(pdfText(bytes)).toContain('(continuação)');
    expect(columnCodes(bytes)).toEqual(es.map((e) => tagUrl(config().PUBLIC_URL, e.serial)));
  });

  it('prints the characters the product stores: "CO₂" is extracted as "CO₂", not "CO?" nor "CO2"', async () => {
    const serial = await createTag({ groupId: t.groupId, companyId: t.companyId, schema: t.schema });
    const extraLabel = `Extintor CO₂ ${randomBytes(3).toString('hex')} — Ωmega Őrs`;
    const id = await register(t.tokens.group, {
      tagSerialNumber: serial,
      productId: t.catalogue.productId,
      extraLabel,
    });
    const created = await createOrder(
      t.tokens.group,
      orderBody(t, [{ id }], { observation: 'Recarga de CO₂ e N₂ — 6 kg ±0,2' }),
    );
    const r = await rest('GET', `/web/service-order/${created.id}/pdf`, { token: t.tokens.group });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const text = pdfText(await bodyBytes(r.res));
    expect(text).toContain('Observação Recarga de CO₂ e N₂ — 6 kg ±0,2');
    expect(text).toContain(`Identificação: ${extraLabel}`);
    expect(text).not.toContain('CO?');
  });

  it('another company’s order is 404 for a company admin, and operators are 403, before any job is queued', async () => {
    const eb = await newEquipment(t, { companyId: t.companyB });
    const theirs = await createOrder(
      t.tokens.group,
      orderBody(t, [eb], { responsibleUserId: t.operatorBId }),
    );
    const r = await rest('GET', `/web/service-order/${theirs.id}/pdf`, { token: t.tokens.companyAdmin });
    expect(r.status).toBe(404);
    await expect(
      trpcClient(t.tokens.companyAdmin).serviceOrders.pdf.mutate({ id: theirs.id }),
    ).rejects.toMatchObject({
      data: { code: 'SERVICE_ORDER_NOT_FOUND' },
    });
    expect(
      (await rest('GET', `/web/service-order/${theirs.id}/pdf`, { token: t.tokens.operator })).status,
    ).toBe(403);
  });
});
