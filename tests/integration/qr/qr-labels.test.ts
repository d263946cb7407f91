import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagUrl } from '../../../src/shared/qr/serial.ts';
import { builtinTemplate, type LabelTemplate } from '../../../src/shared/qr/templates.ts';
import { config } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { fileStore } from '../../../src/server/files/store.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { locateCodes, rasterisePdf } from '../../helpers/qr-decode.ts';
import { bodyBytes, otherTenant, waitFor } from './helpers.ts';

const worker = startWorker({ concurrency: 2 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

const DPI = 150;
let tenant: Awaited<ReturnType<typeof otherTenant>>;
let admin: string;
let provider: string;
beforeAll(async () => {
  tenant = await otherTenant();
  [admin, provider] = await Promise.all([loginAs(tenant.email), loginAs(DEMO.admin)]);
  // The tenant is this file's own: room for every batch it makes.
  await coreDb()
    .updateTable('companies')
    .set({ tags_limit: 1000 })
    .where('id', '=', tenant.companyId)
    .execute();
});

async function latestJob(companyId: number): Promise<{ id: string; type: string; params: unknown }> {
  return coreDb()
    .selectFrom('jobs')
    .select(['id', 'type', 'params'])
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
}

async function jobSerials(jobId: string): Promise<string[]> {
  const rows = await coreDb()
    .selectFrom('tag_registry')
    .select('serial')
    .where('job_id', '=', jobId)
    .orderBy('batch_index')
    .execute();
  return rows.map((r) => r.serial);
}

/** The decoded codes of a label PDF, page by page, with their sheet positions. */
function decode(pdf: Uint8Array, t: LabelTemplate): { page: number; slot: number; text: string }[] {
  return rasterisePdf(pdf, 1, undefined, DPI).flatMap((png, page) =>
    locateCodes(png, t, DPI).map((c) => ({ page, slot: c.slot, text: c.text })),
  );
}

const urls = (serials: string[]) => serials.map((s) => tagUrl(config().PUBLIC_URL, s));

describe('label templates on the seed’s download calls', () => {
  it('?template=&offset=&cutMarks= print on the chosen stock from the given position, and become the company’s choice', async () => {
    const l7160 = builtinTemplate('avery-l7160')!;
    const res = await rest(
      'GET',
      `/web/qr-code/generate/${tenant.companyId}/20?template=avery-l7160&offset=3&cutMarks=true`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const codes = decode(await bodyBytes(res.res), l7160);
    const job = await latestJob(tenant.companyId);
    expect(job.params).toMatchObject({
      label: { template: { id: 'avery-l7160' }, offset: 3, cutMarks: true },
    });
    const serials = await jobSerials(job.id);
    expect(codes.map((c) => c.text)).toEqual(urls(serials));
    // 21 per sheet, 3 already used: 18 on the first, 2 on the second from position 0.
    expect(codes.map((c) => [c.page, c.slot])).toEqual([
      ...Array.from({ length: 18 }, (_, i) => [0, i + 3]),
      [1, 0],
      [1, 1],
    ]);
    const settings = await rest('GET', `/web/qr-code/label-settings/${tenant.companyId}`, { token: admin });
    expect(settings.json.data).toEqual({
      template: 'avery-l7160',
      cutMarks: true,
      companyName: false,
      note: null,
      logo: false,
      hasLogo: false,
    });

    // Without parameters the call keeps its old behaviour (the A4 4 × 6) and the choice stays.
    const plain = await rest('GET', `/web/qr-code/generate/${tenant.companyId}/2`, { token: admin });
    expect(plain.status).toBe(200);
    const plainCodes = decode(await bodyBytes(plain.res), builtinTemplate('a4-4x6')!);
    expect(plainCodes.map((c) => c.slot)).toEqual([0, 1]);
    expect((await latestJob(tenant.companyId)).params).toMatchObject({
      label: { template: { id: 'a4-4x6' }, offset: 0, cutMarks: false, companyName: false, note: null },
    });
    const still = await rest('GET', `/web/qr-code/label-settings/${tenant.companyId}`, { token: admin });
    expect(still.json.data).toMatchObject({ template: 'avery-l7160', cutMarks: true });
  });

  it('…/zpl downloads one ^XA … ^XZ label per new tag for the thermal roll', async () => {
    const res = await rest('GET', `/web/qr-code/generate/${tenant.companyId}/5/zpl?note=Inspecione%20aqui`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/vnd.zebra-zpl');
    expect(res.headers.get('Content-Disposition')).toMatch(/filename="tags-qrcode-\d+-\d{8}-5\.zpl"/);
    const text = Buffer.from(await bodyBytes(res.res)).toString('utf8');
    const blocks = text.match(/\^XA[\s\S]*?\^XZ/g)!;
    const job = await latestJob(tenant.companyId);
    expect(job.type).toBe('qr-zpl');
    const serials = await jobSerials(job.id);
    expect(blocks).toHaveLength(5);
    blocks.forEach((b, i) => {
      expect(b).toContain(`^FDQA,${urls(serials)[i]}^FS`);
      expect(b).toContain(`^FD${serials[i]}^FS`);
      expect(b).toContain('^FDInspecione aqui^FS');
    });
  });

  it('answers codes for a template that is not there, an offset off the sheet and ZPL for a sheet', async () => {
    const base = `/web/qr-code/generate/${tenant.companyId}/1`;
    const missing = await rest('GET', `${base}?template=avery-9999`, { token: admin });
    expect([missing.status, missing.json.error?.code]).toEqual([404, 'QR_TEMPLATE_NOT_FOUND']);
    for (const offset of ['21', '-1', 'abc', '2.5']) {
      const r = await rest('GET', `${base}?template=avery-l7160&offset=${offset}`, { token: admin });
      expect([offset, r.status, r.json.error?.code, r.json.error?.params]).toEqual([
        offset,
        400,
        'QR_OFFSET_OUT_OF_RANGE',
        { max: 20 },
      ]);
    }
    const sheetZpl = await rest('GET', `${base}/zpl?template=pimaco-a4360`, { token: admin });
    expect([sheetZpl.status, sheetZpl.json.error?.code]).toEqual([400, 'QR_ZPL_NEEDS_THERMAL']);
    const roll = await rest('GET', `${base}?template=thermal-50x30&offset=1`, { token: admin });
    expect([roll.status, roll.json.error?.code]).toEqual([400, 'QR_OFFSET_OUT_OF_RANGE']);
    const badFlag = await rest('GET', `${base}?cutMarks=maybe`, { token: admin });
    expect([badFlag.status, badFlag.json.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('custom templates and the remembered choice over tRPC', () => {
  const custom = {
    name: `Etiqueta 70 × 37 ${Date.now()}`,
    kind: 'sheet' as const,
    pageWidth: 210,
    pageHeight: 297,
    columns: 3,
    rows: 8,
    labelWidth: 70,
    labelHeight: 37,
    marginTop: 0.5,
    marginLeft: 0,
    pitchX: 70,
    pitchY: 37,
    cornerRadius: 0,
    qrSize: 32,
    textLines: 3,
    fontSize: 8,
    padding: 1.5,
    dpi: null,
  };

  it('the provider admin adds a template (refused with a code when it does not fit), a company prints on it, and deleting it falls back to the default', async () => {
    const p = trpcClient(provider);
    await expect(
      trpcClient(admin).qr.templates.create.mutate({ ...custom, name: 'Não pode' }),
    ).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    await expect(p.qr.templates.create.mutate({ ...custom, rows: 9 })).rejects.toMatchObject({
      data: { code: 'QR_TEMPLATE_LABELS_OFF_PAGE', params: { pageWidth: 210, pageHeight: 297 } },
    });
    await expect(p.qr.templates.create.mutate({ ...custom, pitchY: 30 })).rejects.toMatchObject({
      data: { code: 'QR_TEMPLATE_LABELS_OVERLAP' },
    });
    await expect(p.qr.templates.create.mutate({ ...custom, qrSize: 10 })).rejects.toMatchObject({
      data: { code: 'QR_TEMPLATE_QR_TOO_SMALL', params: { size: 10 } },
    });
    await expect(p.qr.templates.create.mutate({ ...custom, qrSize: 36 })).rejects.toMatchObject({
      data: { code: 'QR_TEMPLATE_QR_DOES_NOT_FIT' },
    });
    // REST: the same refusal with its status.
    const off = await rest('POST', '/web/qr-code/templates/', {
      token: provider,
      body: { ...custom, columns: 4 },
    });
    expect([off.status, off.json.error?.code]).toEqual([400, 'QR_TEMPLATE_LABELS_OFF_PAGE']);
    expect(
      await coreDb().selectFrom('qr_label_templates').select('id').where('name', '=', custom.name).execute(),
    ).toEqual([]);

    const created = await p.qr.templates.create.mutate(custom);
    expect(created).toMatchObject({ name: custom.name, builtIn: false, columns: 3, rows: 8 });
    expect(created.id).toMatch(/^custom-\d+$/);
    await expect(p.qr.templates.create.mutate(custom)).rejects.toMatchObject({
      data: { code: 'QR_TEMPLATE_NAME_EXISTS', params: { name: custom.name } },
    });
    const listed = await trpcClient(admin).qr.templates.list.query({});
    expect(listed.slice(0, 9).map((t) => t.id)).toContain('a4-4x6');
    expect(listed.find((t) => t.id === created.id)).toMatchObject({ problem: null, qrSize: 32 });
    const edited = await p.qr.templates.update.mutate({ ...custom, id: created.id, qrSize: 30 });
    expect(edited.qrSize).toBe(30);
    await expect(
      p.qr.templates.update.mutate({ ...custom, id: 'avery-l7160', qrSize: 30 }),
    ).rejects.toMatchObject({ data: { code: 'QR_TEMPLATE_NOT_FOUND' } });

    // A company prints on it with its logo, the company name and a note.
    const png = new PNG({ width: 30, height: 10 });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([0, 90, 200, 255], i);
    const logoKey = `test/logos/${tenant.companyId}.png`;
    await fileStore().put(logoKey, PNG.sync.write(png), 'image/png');
    await coreDb()
      .updateTable('companies')
      .set({ image_key: logoKey })
      .where('id', '=', tenant.companyId)
      .execute();
    const t = trpcClient(admin);
    const before = await t.qr.labelSettings.query({ companyId: tenant.companyId });
    expect(before.hasLogo).toBe(true);
    const { jobId } = await t.qr.generate.mutate({
      companyId: tenant.companyId,
      quantity: 4,
      format: 'pdf',
      label: { template: created.id, offset: 22, companyName: true, note: 'Inspecione aqui', logo: true },
    });
    const done = await waitFor(async () => {
      const j = await t.jobs.get.query({ id: jobId });
      return j.state === 'completed' || j.state === 'failed' ? j : undefined;
    });
    expect(done.state).toBe('completed');
    const file = await rest('GET', `/web/jobs/${jobId}/download`, { token: admin });
    const pdf = await bodyBytes(file.res);
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Subtype /Image');
    const codes = decode(pdf, { ...edited });
    expect(codes.map((c) => [c.page, c.slot])).toEqual([
      [0, 22],
      [0, 23],
      [1, 0],
      [1, 1],
    ]);
    expect(codes.map((c) => c.text)).toEqual(urls(await jobSerials(jobId)));
    expect(await t.qr.labelSettings.query({ companyId: tenant.companyId })).toEqual({
      template: created.id,
      cutMarks: false,
      companyName: true,
      note: 'Inspecione aqui',
      logo: true,
      hasLogo: true,
    });

    await p.qr.templates.delete.mutate({ id: created.id });
    await expect(p.qr.templates.delete.mutate({ id: created.id })).rejects.toMatchObject({
      data: { code: 'QR_TEMPLATE_NOT_FOUND' },
    });
    expect((await t.qr.templates.list.query({})).map((x) => x.id)).not.toContain(created.id);
    expect((await t.qr.labelSettings.query({ companyId: tenant.companyId })).template).toBe('a4-4x6');
    await expect(
      t.qr.generate.mutate({ quantity: 1, format: 'pdf', label: { template: created.id } }),
    ).rejects.toMatchObject({ data: { code: 'QR_TEMPLATE_NOT_FOUND' } });
    // The batch already made keeps its own copy of the layout.
    const row = await coreDb()
      .selectFrom('jobs')
      .select('params')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(row.params).toMatchObject({ label: { template: { id: created.id, qrSize: 30 } } });
  });

  it('a company admin reads only their own company’s choice; operators none', async () => {
    const op = await rest('GET', '/web/qr-code/label-settings/1', { token: await loginAs(DEMO.operator) });
    expect(op.status).toBe(403);
    const cross = await rest('GET', `/web/qr-code/label-settings/${tenant.companyId}`, {
      token: await loginAs(DEMO.groupAdmin),
    });
    expect([cross.status, cross.json.error?.code]).toEqual([403, 'TENANT_FORBIDDEN']);
  });
});
