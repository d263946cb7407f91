/**
 * Issue 18 item 4 in Chromium: a company admin registers a webhook in /config-system, sees its
 * signing secret once (not again when the endpoint is opened), and the delivery log lists the
 * delivery of an inspection recorded afterwards — received, signed, by a receiver on 127.0.0.1.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseUrl, DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

const received: { path: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({
      path: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    res.writeHead(200).end('ok');
  });
});
let receiverBase = '';
beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, baseUrl()), {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

interface Question {
  id: number;
  type: 'YES_NO_NA' | 'TEXT' | 'CUSTOM';
  customAnswers: { id: number }[];
}

/** An inspection of one of the demo company's equipment, through the REST door; answers its tag. */
async function inspectSomething(token: string): Promise<string> {
  const page = await api<{ items: { tagSerialNumber: string; enabledTag: boolean }[] }>(
    token,
    'GET',
    '/web/equipments/?pageSize=100',
  );
  const tag = page.items.find((e) => e.enabledTag)!.tagSerialNumber;
  const form = await api<{ questions: Question[] }>(token, 'GET', `/web/equipments/${tag}/inspection-form`);
  await api(token, 'POST', `/web/equipments/${tag}/inspections`, {
    answers: form.questions.map((q) => ({
      questionId: q.id,
      answer: q.type === 'YES_NO_NA' ? 'YES' : q.type === 'CUSTOM' ? q.customAnswers[0]!.id : 'ok',
    })),
  });
  return tag;
}

describe('webhooks in /config-system', () => {
  it('creates an endpoint, shows its secret once, and lists the delivery of an inspection', async () => {
    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await page.goto('/#/config-system');
    const card = page.getByTestId('webhooks-settings');
    await card.waitFor();
    await card.getByTestId('add-webhook').click();

    const dialog = page.getByTestId('webhook-dialog');
    await dialog.waitFor();
    const url = `${receiverBase}/e2e-hook`;
    await dialog.locator('#wh-url').fill(url);
    await dialog.locator('#wh-description').fill('ERP de testes');
    // inspection.created is offered checked; add the status changes too.
    expect(await dialog.getByTestId('webhook-event-inspection.created').getAttribute('aria-checked')).toBe(
      'true',
    );
    await dialog.getByTestId('webhook-event-equipment.status_changed').click();
    await dialog.getByTestId('save-webhook').click();

    // The secret, once.
    const secretDialog = page.getByTestId('webhook-secret-dialog');
    await secretDialog.waitFor();
    const secret = await secretDialog.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await secretDialog.getByText('Copie e guarde este segredo agora').waitFor();
    await secretDialog.getByTestId('secret-done').click();
    await secretDialog.waitFor({ state: 'detached' });

    const row = card.locator(`tr[data-url="${url}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('ERP de testes');
    // Opening it again shows no secret.
    await row.click();
    await dialog.waitFor();
    expect(await dialog.locator('#wh-url').inputValue()).toBe(url);
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    expect(await dialog.textContent()).not.toContain(secret.slice(6, 20));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // An inspection (through the API, as a phone would send it) is delivered and logged.
    const token = await apiLogin(DEMO.companyAdmin);
    const tag = await inspectSomething(token);
    const log = page.getByTestId('webhook-log');
    const delivered = log.locator('tr[data-event="inspection.created"][data-status="SUCCEEDED"]');
    await delivered.first().waitFor({ timeout: 30_000 });
    const text = (await delivered.first().textContent()) ?? '';
    expect(text).toContain('Inspeção realizada');
    expect(text).toContain('Entregue');
    expect(text).toContain('200');
    expect(text).toContain(url);

    const got = received.filter((r) => r.path === '/e2e-hook');
    const inspection = got.find((r) => JSON.parse(r.body).type === 'inspection.created')!;
    expect(JSON.parse(inspection.body).data.tagSerialNumber).toBe(tag);
    const mac = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(
        `${inspection.headers['webhook-id']}.${inspection.headers['webhook-timestamp']}.${inspection.body}`,
      )
      .digest('base64');
    expect(inspection.headers['webhook-signature']).toBe(`v1,${mac}`);
    expect(text).toContain(String(inspection.headers['webhook-id']));
  });
});
