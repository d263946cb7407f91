import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../src/server/config.ts';
import { tenantDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { transactionWithHooks } from '../../../src/server/db/after-commit.ts';
import { deliveryJobId, WEBHOOK_QUEUE } from '../../../src/server/domains/webhooks/delivery-queue.ts';
import { emitWebhookEvent } from '../../../src/server/domains/webhooks/emit.ts';
import { webhookJobs } from '../../../src/server/domains/webhooks/jobs.ts';
import { sweepWebhookDeliveries } from '../../../src/server/domains/webhooks/sweep.ts';
import { createRegistry } from '../../../src/server/jobs/define.ts';
import { closeQueue, queueFor } from '../../../src/server/jobs/queue.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../../src/shared/webhooks/schemas.ts';
import { WEBHOOK_EVENTS } from '../../../src/shared/webhooks/schemas.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { rest } from '../../helpers/api.ts';
import {
  answers,
  type DocumentsTenant,
  documentsTenant,
  equipmentOf,
  inspect,
  maintain,
} from '../documents/helpers.ts';
import { createTag, register } from '../equipment/helpers.ts';
import { createOrder, orderBody } from '../service-orders/helpers.ts';
import { waitFor } from '../qr/helpers.ts';
import { type Receiver, signaturesMatching, startReceiver } from './receiver.ts';

// Short retries so a test sees them (3 attempts, 200 ms then 400 ms); the jobs carry the policy of
// the process that adds them, this one.
process.env.WEBHOOKS_ATTEMPTS = '3';
process.env.WEBHOOKS_RETRY_SPAN_MS = '600';
resetConfig();

const worker = startWorker({ registry: createRegistry([webhookJobs]), concurrency: 4 });
let rx: Receiver;
let t: DocumentsTenant;
let t2: DocumentsTenant;
beforeAll(async () => {
  rx = await startReceiver();
  [t, t2] = await Promise.all([documentsTenant(), documentsTenant()]);
}, 120_000);
afterAll(async () => {
  await worker.close();
  await closeQueue();
  await rx.close();
});

let paths = 0;
const newPath = (name: string) => `/${name}-${++paths}`;

type Created = WebhookEndpoint & { secret: string };

async function createEndpoint(token: string, body: Record<string, unknown>): Promise<Created> {
  const r = await rest<Created>('POST', '/web/webhooks/endpoints/', { token, body });
  if (r.status !== 201) throw new Error(`create endpoint: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!;
}

async function deliveriesOf(token: string, endpointId: number): Promise<WebhookDelivery[]> {
  const r = await rest<{ items: WebhookDelivery[] }>(
    'GET',
    `/web/webhooks/deliveries/?endpointId=${endpointId}&pageSize=100`,
    { token },
  );
  if (r.status !== 200) throw new Error(`deliveries: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data!.items;
}

/** Polls the log until `n` deliveries of the endpoint are finished (none PENDING). */
function finished(token: string, endpointId: number, n = 1): Promise<WebhookDelivery[]> {
  return waitFor(async () => {
    const items = await deliveriesOf(token, endpointId);
    return items.length >= n && items.every((d) => d.status !== 'PENDING') ? items : undefined;
  }, 20_000);
}

/** The rows an endpoint has in its tenant's outbox (written with the change, before any sending). */
function outbox(schema: string, endpointId: number) {
  return tenantDb(schema)
    .selectFrom('webhook_deliveries')
    .select(['id', 'event_type', 'body', 'status', 'message_id'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('id')
    .execute();
}

const setEnv = (values: Record<string, string>) => {
  const before = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  Object.assign(process.env, values);
  resetConfig();
  return () => {
    Object.assign(process.env, before);
    resetConfig();
  };
};

describe('webhook endpoints', () => {
  it('refuses a private or loopback target (and plain http) unless the configuration allows it', async () => {
    const restore = setEnv({ WEBHOOKS_ALLOW_PRIVATE: 'false', WEBHOOKS_ALLOW_HTTP: 'false' });
    try {
      const body = (url: string) => ({ url, events: ['inspection.created'] });
      const post = (url: string) =>
        rest('POST', '/web/webhooks/endpoints/', { token: t.tokens.companyAdmin, body: body(url) });
      const httpOnly = await post(`${rx.base}/x`);
      expect([httpOnly.status, httpOnly.json.error?.code]).toEqual([400, 'WEBHOOK_URL_NOT_HTTPS']);
      for (const [url, host] of [
        ['https://127.0.0.1:8443/hooks', '127.0.0.1'],
        ['https://10.0.0.7/hooks', '10.0.0.7'],
        ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
        ['https://[::1]/hooks', '::1'],
        ['https://localhost/hooks', 'localhost'],
      ]) {
        const r = await post(url!);
        expect([r.status, r.json.error?.code, r.json.error?.params?.host], url).toEqual([
          400,
          'WEBHOOK_URL_PRIVATE',
          host,
        ]);
      }
      const bad = await post('ftp://example.com/hooks');
      expect([bad.status, bad.json.error?.code]).toEqual([400, 'WEBHOOK_URL_INVALID']);
    } finally {
      restore();
    }
    // Allowed (the tests' configuration): the local receiver is accepted.
    const ok = await createEndpoint(t.tokens.companyAdmin, {
      url: `${rx.base}${newPath('allowed')}`,
      events: ['tag.replaced'],
    });
    expect(ok.url.startsWith(rx.base)).toBe(true);
  });

  it('is for admins: operators are refused on both doors (403)', async () => {
    for (const [method, path] of [
      ['GET', '/web/webhooks/endpoints/'],
      ['POST', '/web/webhooks/endpoints/'],
      ['GET', '/web/webhooks/deliveries/'],
      ['GET', '/web/webhooks/events/'],
    ] as const) {
      const r = await rest(method, path, {
        token: t.tokens.operator,
        body: method === 'POST' ? { url: `${rx.base}/op`, events: ['inspection.created'] } : undefined,
      });
      expect([r.status, r.json.error?.code], `${method} ${path}`).toEqual([403, 'FORBIDDEN']);
    }
    const events = await rest<string[]>('GET', '/web/webhooks/events/', { token: t.tokens.companyAdmin });
    expect(events.json.data).toEqual([...WEBHOOK_EVENTS]);
  });

  it('shows the signing secret once: at creation (whsec_ + ≥ 24 bytes), never when read back', async () => {
    const created = await createEndpoint(t.tokens.companyAdmin, {
      url: `${rx.base}${newPath('secret')}`,
      description: 'ERP',
      events: ['tag.replaced', 'inspection.created'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(created.events).toEqual(['inspection.created', 'tag.replaced']);
    expect(created.companyId).toBe(t.companyId);
    const got = await rest<Record<string, unknown>>('GET', `/web/webhooks/endpoints/${created.id}/`, {
      token: t.tokens.companyAdmin,
    });
    expect(got.status).toBe(200);
    expect(got.json.data).not.toHaveProperty('secret');
    const list = await rest<{ items: Record<string, unknown>[] }>('GET', '/web/webhooks/endpoints/', {
      token: t.tokens.companyAdmin,
    });
    expect(list.json.data!.items.some((e) => e.id === created.id)).toBe(true);
    expect(JSON.stringify(list.json)).not.toContain(created.secret.slice(6));
    // Stored sealed, not as typed.
    const row = await tenantDb(t.schema)
      .selectFrom('webhook_endpoints')
      .select('secret')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(created.secret.slice(6));
  });

  it('company admins keep to their company; group admins name one of the group', async () => {
    const missing = await rest('POST', '/web/webhooks/endpoints/', {
      token: t.tokens.group,
      body: { url: `${rx.base}/g`, events: ['inspection.created'] },
    });
    expect([missing.status, missing.json.error?.code]).toEqual([400, 'WEBHOOK_COMPANY_REQUIRED']);
    const ofB = await createEndpoint(t.tokens.group, {
      url: `${rx.base}${newPath('company-b')}`,
      events: ['inspection.created'],
      companyId: t.companyB,
    });
    expect(ofB.companyId).toBe(t.companyB);
    const hidden = await rest('GET', `/web/webhooks/endpoints/${ofB.id}/`, { token: t.tokens.companyAdmin });
    expect([hidden.status, hidden.json.error?.code]).toEqual([404, 'WEBHOOK_ENDPOINT_NOT_FOUND']);
    const removed = await rest('DELETE', `/web/webhooks/endpoints/${ofB.id}/`, {
      token: t.tokens.companyAdmin,
    });
    expect(removed.status).toBe(404);
    const foreign = await rest('POST', '/web/webhooks/endpoints/', {
      token: t.tokens.companyAdmin,
      body: { url: `${rx.base}/b`, events: ['inspection.created'], companyId: t.companyB },
    });
    expect([foreign.status, foreign.json.error?.code]).toEqual([404, 'NOT_FOUND']);
    // Another tenant's admin does not reach it either.
    const other = await rest('GET', `/web/webhooks/endpoints/${ofB.id}/`, { token: t2.tokens.group });
    expect(other.status).toBe(404);
    const gone = await rest('DELETE', `/web/webhooks/endpoints/${ofB.id}/`, { token: t.tokens.group });
    expect([gone.status, gone.json.data]).toEqual([200, null]);
  });
});

describe('webhook deliveries', () => {
  it('signs each delivery; a 500 is retried with the same webhook-id until the receiver takes it', async () => {
    const path = newPath('flaky');
    rx.script(path, [500, 200]);
    const ep = await createEndpoint(t.tokens.companyAdmin, {
      url: `${rx.base}${path}`,
      events: ['inspection.created'],
    });
    const e = await equipmentOf(t);
    const inspectionId = await inspect(t, e.serial, { answers: answers(t.catalogue) });
    // Written with the inspection, in its transaction.
    expect((await outbox(t.schema, ep.id)).map((r) => r.event_type)).toEqual(['inspection.created']);

    const [d] = await finished(t.tokens.companyAdmin, ep.id);
    expect(d).toMatchObject({
      status: 'SUCCEEDED',
      attempts: 2,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
      eventType: 'inspection.created',
    });
    const got = rx.at(path);
    expect(got.map((r) => r.status)).toEqual([500, 200]);
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([d!.messageId]));
    expect(d!.messageId).toMatch(/^msg_[A-Za-z0-9_-]+$/);
    for (const r of got) {
      expect(signaturesMatching(r, ep.secret)).toBe(1);
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(r.headers['content-type']).toBe('application/json');
    }
    expect(got[1]!.body).toBe(got[0]!.body);
    const body = JSON.parse(got[0]!.body);
    expect(body).toMatchObject({
      type: 'inspection.created',
      data: {
        inspectionId,
        tagSerialNumber: e.serial,
        companyId: t.companyId,
        improper: false,
      },
    });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    // A signature made with another secret does not verify.
    expect(signaturesMatching(got[0]!, 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=')).toBe(0);

    // The detail keeps the body sent and the start of the answer.
    const detail = await rest<{ body: string; responseExcerpt: string }>(
      'GET',
      `/web/webhooks/deliveries/${d!.id}/`,
      { token: t.tokens.companyAdmin },
    );
    expect(detail.json.data).toMatchObject({ body: got[0]!.body, responseExcerpt: 'ok' });
  });

  it('fails after the configured attempts with the answer’s code; resend sends it again', async () => {
    const path = newPath('down');
    rx.script(path, [500, 500, 500, 200]);
    const ep = await createEndpoint(t.tokens.companyAdmin, {
      url: `${rx.base}${path}`,
      events: ['maintenance.created'],
    });
    const e = await equipmentOf(t);
    await maintain(t, e.serial, {
      answers: [
        { questionId: t.catalogue.maintenance.recharged, answer: 'YES' },
        { questionId: t.catalogue.maintenance.description, answer: 'Recarga' },
      ],
      parts: [{ partId: t.catalogue.parts.gauge, quantity: 1 }],
    });
    const [d] = await finished(t.tokens.companyAdmin, ep.id);
    expect(d).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      responseStatus: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: null,
      deliveredAt: null,
    });
    expect(rx.at(path)).toHaveLength(3);

    const resent = await rest<WebhookDelivery>('POST', `/web/webhooks/deliveries/${d!.id}/resend`, {
      token: t.tokens.companyAdmin,
    });
    expect([resent.status, resent.json.data?.status]).toEqual([200, 'PENDING']);
    const [again] = await finished(t.tokens.companyAdmin, ep.id);
    expect(again).toMatchObject({ id: d!.id, status: 'SUCCEEDED', attempts: 4, responseStatus: 200 });
    const got = rx.at(path);
    expect(got).toHaveLength(4);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(JSON.parse(got[3]!.body)).toMatchObject({
      type: 'maintenance.created',
      data: { tagSerialNumber: e.serial, parts: [{ partId: t.catalogue.parts.gauge, quantity: 1 }] },
    });
    // A delivery of another company's scope is not found by a company admin.
    const foreign = await rest('POST', `/web/webhooks/deliveries/${d!.id}/resend`, {
      token: t2.tokens.group,
    });
    expect(foreign.status).toBe(404);
    const byOperator = await rest('POST', `/web/webhooks/deliveries/${d!.id}/resend`, {
      token: t.tokens.operator,
    });
    expect(byOperator.status).toBe(403);
  });

  it('never delivers another company’s or another tenant’s events to an endpoint', async () => {
    const pathA = newPath('company-a');
    const pathB = newPath('company-b');
    const path2 = newPath('tenant-2');
    const all = [...WEBHOOK_EVENTS];
    const a = await createEndpoint(t.tokens.companyAdmin, { url: `${rx.base}${pathA}`, events: all });
    const b = await createEndpoint(t.tokens.group, {
      url: `${rx.base}${pathB}`,
      events: all,
      companyId: t.companyB,
    });
    const other = await createEndpoint(t2.tokens.companyAdmin, { url: `${rx.base}${path2}`, events: all });

    // Company B of the same group: its equipment and inspection.
    const serialB = await createTag({ groupId: t.groupId, companyId: t.companyB, schema: t.schema });
    await register(t.tokens.group, { tagSerialNumber: serialB, productId: t.catalogue.productId });
    const r = await rest('POST', `/web/equipments/${serialB}/inspections`, {
      token: t.tokens.operatorB,
      body: { answers: answers(t.catalogue) },
    });
    expect(r.status).toBe(201);
    // Another tenant.
    const e2 = await equipmentOf(t2);
    await inspect(t2, e2.serial, { answers: answers(t2.catalogue) });

    // The outbox rows are written with the changes: each event reached only its company's endpoint.
    const rowsA = await outbox(t.schema, a.id);
    expect(rowsA).toEqual([]);
    const rowsB = await outbox(t.schema, b.id);
    expect(rowsB.length).toBeGreaterThanOrEqual(2);
    expect(rowsB.every((row) => row.body.includes(serialB))).toBe(true);
    const rows2 = await outbox(t2.schema, other.id);
    expect(rows2.length).toBeGreaterThanOrEqual(2);
    expect(rows2.every((row) => row.body.includes(e2.serial))).toBe(true);

    // Sent: B's and tenant 2's receivers got theirs; A's got none of them.
    await finished(t.tokens.group, b.id, rowsB.length);
    await finished(t2.tokens.companyAdmin, other.id, rows2.length);
    expect(rx.at(pathB).every((x) => x.body.includes(serialB) && !x.body.includes(e2.serial))).toBe(true);
    expect(rx.at(path2).every((x) => x.body.includes(e2.serial) && !x.body.includes(serialB))).toBe(true);
    // Then one of A's own: it arrives, and it is the only thing A ever received.
    const eA = await equipmentOf(t);
    await finished(t.tokens.companyAdmin, a.id, 1);
    expect(rx.at(pathA).map((x) => JSON.parse(x.body).data.tagSerialNumber)).toEqual([eA.serial]);
    // The company admin's log shows no row of company B's endpoint.
    const log = await rest<{ items: WebhookDelivery[] }>('GET', '/web/webhooks/deliveries/?pageSize=1000', {
      token: t.tokens.companyAdmin,
    });
    expect(log.json.data!.items.some((d) => d.endpointId === b.id)).toBe(false);
    expect(log.json.data!.items.every((d) => d.companyId === t.companyId)).toBe(true);
  });

  it('emits every event type from its write path', async () => {
    const path = newPath('all-events');
    const ep = await createEndpoint(t.tokens.group, {
      url: `${rx.base}${path}`,
      events: [...WEBHOOK_EVENTS],
      companyId: t.companyId,
    });
    const e = await equipmentOf(t);
    await inspect(t, e.serial, { answers: answers(t.catalogue) });
    await maintain(t, e.serial, {
      answers: [
        { questionId: t.catalogue.maintenance.recharged, answer: 'YES' },
        { questionId: t.catalogue.maintenance.description, answer: 'Recarga' },
      ],
      parts: [],
    });
    const equipmentId = (
      await tenantDb(t.schema)
        .selectFrom('tags as t')
        .innerJoin('equipment as e', 'e.tag_id', 't.id')
        .select('e.id')
        .where('t.serial_number', '=', e.serial)
        .executeTakeFirstOrThrow()
    ).id;
    const order = await createOrder(t.tokens.companyAdmin, orderBody(t, [{ id: equipmentId }]));
    const newSerial = await createTag({ groupId: t.groupId, companyId: t.companyId, schema: t.schema });
    const moved = await rest('PUT', `/web/tags/${e.serial}/replace-to/${newSerial}`, {
      token: t.tokens.group,
    });
    expect(moved.status).toBe(200);

    const rows = await outbox(t.schema, ep.id);
    const bodies = rows.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual([
      'equipment.registered',
      'inspection.created',
      'equipment.status_changed',
      'maintenance.created',
      'service_order.changed',
      'tag.replaced',
    ]);
    expect(bodies[0].data).toMatchObject({
      equipmentId,
      tagSerialNumber: e.serial,
      extraLabel: e.extraLabel,
    });
    expect(bodies[2].data).toMatchObject({ previousStatus: 'NA', status: 'VALID', cause: 'inspection' });
    expect(bodies[4].data).toMatchObject({
      serviceOrderId: order.id,
      number: order.number,
      status: 'PENDING',
      previousStatus: null,
      itemsCount: 1,
    });
    expect(bodies[5].data).toEqual({
      equipmentId,
      companyId: t.companyId,
      tagSerialNumber: newSerial,
      oldTagSerialNumber: e.serial,
    });
    // Each event has its own webhook-id.
    expect(new Set(rows.map((r) => r.message_id)).size).toBe(rows.length);
    const done = await finished(t.tokens.group, ep.id, rows.length);
    expect(done.every((d) => d.status === 'SUCCEEDED')).toBe(true);
    expect(rx.at(path)).toHaveLength(rows.length);
  });

  it('410 Gone turns the endpoint off; a disabled endpoint gets nothing', async () => {
    const path = newPath('gone');
    rx.script(path, [410]);
    const ep = await createEndpoint(t.tokens.companyAdmin, {
      url: `${rx.base}${path}`,
      events: ['equipment.registered'],
    });
    await equipmentOf(t);
    const [d] = await finished(t.tokens.companyAdmin, ep.id);
    expect(d).toMatchObject({ status: 'FAILED', attempts: 1, responseStatus: 410 });
    const off = await rest<WebhookEndpoint>('GET', `/web/webhooks/endpoints/${ep.id}/`, {
      token: t.tokens.companyAdmin,
    });
    expect(off.json.data).toMatchObject({ enabled: false, disabledReason: 'GONE' });
    await equipmentOf(t);
    expect(await outbox(t.schema, ep.id)).toHaveLength(1);
    // Turned on again by the admin: the reason goes, and events flow again.
    rx.script(path, [200]);
    const on = await rest<WebhookEndpoint>('PUT', `/web/webhooks/endpoints/${ep.id}/`, {
      token: t.tokens.companyAdmin,
      body: { url: ep.url, events: ep.events, enabled: true, description: null },
    });
    expect(on.json.data).toMatchObject({ enabled: true, disabledReason: null });
    await equipmentOf(t);
    const after = await finished(t.tokens.companyAdmin, ep.id, 2);
    expect(after.map((x) => x.status).sort()).toEqual(['FAILED', 'SUCCEEDED']);
  });

  it('after a rotation a delivery carries signatures by the new and the previous secret', async () => {
    const path = newPath('rotated');
    const ep = await createEndpoint(t.tokens.companyAdmin, {
      url: `${rx.base}${path}`,
      events: ['equipment.registered'],
    });
    const rotated = await rest<{ secret: string }>('POST', `/web/webhooks/endpoints/${ep.id}/rotate-secret`, {
      token: t.tokens.companyAdmin,
    });
    expect(rotated.status).toBe(200);
    const secret = rotated.json.data!.secret;
    expect(secret).not.toBe(ep.secret);
    await equipmentOf(t);
    await finished(t.tokens.companyAdmin, ep.id);
    const [r] = rx.at(path);
    expect(String(r!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(signaturesMatching(r!, secret)).toBe(1);
    expect(signaturesMatching(r!, ep.secret)).toBe(1);
  });

  it('outbox rows left behind (no enqueue after commit) are sent by the sweep; a rollback leaves none', async () => {
    const path = newPath('sweep');
    const ep = await createEndpoint(t.tokens.companyAdmin, {
      url: `${rx.base}${path}`,
      events: ['tag.replaced'],
    });
    const db = tenantDb(t.schema);
    const data = {
      equipmentId: 1,
      companyId: t.companyId,
      tagSerialNumber: 'SWEEP',
      oldTagSerialNumber: 'OLD',
    };
    // A rolled-back change writes nothing.
    await expect(
      transactionWithHooks(db, async (trx) => {
        expect(await emitWebhookEvent(trx, t.companyId, 'tag.replaced', data)).toBeGreaterThanOrEqual(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await outbox(t.schema, ep.id)).toEqual([]);
    // A transaction that registers no after-commit hook: the row is written but not queued.
    await db.transaction().execute((trx) => emitWebhookEvent(trx, t.companyId, 'tag.replaced', data));
    const [row] = await outbox(t.schema, ep.id);
    expect(row?.status).toBe('PENDING');
    const schema = tenantSchemaName(t.schema);
    expect(
      await queueFor(WEBHOOK_QUEUE).getJob(deliveryJobId({ schema, deliveryId: row!.id, round: 0 })),
    ).toBe(undefined);
    const report = await sweepWebhookDeliveries({ minAgeMs: 0, schemas: [schema] });
    expect(report.requeued).toBeGreaterThanOrEqual(1);
    const [d] = await finished(t.tokens.companyAdmin, ep.id);
    expect(d).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    expect(JSON.parse(rx.at(path)[0]!.body).data).toEqual(data);
  });
});
