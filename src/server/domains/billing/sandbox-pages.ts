/**
 * The sandbox provider's bill page (issue 17): `GET /billing/sandbox/bills/{id}` renders a plain
 * HTML page — amount in BRL, status, due date — with "Pagar" and "Simular falha", plain forms that
 * post to `/billing/sandbox/bills/{id}/pay` and `/fail` and come back here (303). No script at all,
 * so it lives under the app's strict CSP as is (`form-action 'self'`: the forms post to our own
 * origin; the inline <style> is allowed by `style-src 'unsafe-inline'`). Mounted only when
 * BILLING_PROVIDER=sandbox.
 *
 * Issue 26 item 3: the page and its actions belong to the bill's company group. They answer a
 * link signed with APP_SECRET (`?exp=…&sig=…`, what every answer of the app carries: ./bill-links.ts;
 * the forms and the redirect keep the signature) or a session of the bill's group
 * (`Authorization: Bearer`); without either 401, another group's session 404 (as "not there"). An
 * unguessable id alone no longer pays a bill.
 */
import type { Context, Hono } from 'hono';
import { formatBRL } from '../../../shared/billing/money.ts';
import { EMPTY_DATE, formatDate } from '../../../shared/dates.ts';
import { config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { AppEnv } from '../../rest.ts';
import { coreDb } from '../../db/database.ts';
import { billingProvider } from './provider.ts';
import { billLinkValid, signatureQuery } from './bill-links.ts';
import { SANDBOX_BILL_ID, SandboxProvider } from './providers/sandbox.ts';

/** Seed 000 §4's bill status labels; others shown raw. */
const BILL_STATUS_LABELS: Record<string, string> = {
  review: 'REVISANDO',
  pending: 'PENDENTE',
  paid: 'PAGA',
  canceled: 'CANCELADA',
  scheduled: 'AGENDADA',
};

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  );
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f6f6; color: #1c2b2b; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 8px; padding: 2rem;
         box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; color: #0f5257; }
  .notice { font-size: .85rem; color: #6b7a7a; margin: 0 0 1.5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 0 0 1.5rem; }
  dt { color: #6b7a7a; } dd { margin: 0; font-weight: 600; }
  .amount { font-size: 1.5rem; }
  .actions { display: flex; gap: .75rem; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: 6px; border: 1px solid #0f5257; cursor: pointer; }
  .pay { background: #0f5257; color: #fff; } .fail { background: #fff; color: #b3261e; border-color: #b3261e; }
  .result { padding: .75rem 1rem; border-radius: 6px; margin: 0 0 1rem; }
  .ok { background: #e3f4ea; color: #1d6b3a; } .bad { background: #fbe9e7; color: #b3261e; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

const RESULTS: Record<string, { cls: string; text: string }> = {
  paid: { cls: 'ok', text: 'Pagamento confirmado. Você já pode fechar esta aba.' },
  failed: { cls: 'bad', text: 'Pagamento recusado (simulação). A fatura continua pendente.' },
};

async function sandbox(): Promise<SandboxProvider | null> {
  const p = await billingProvider();
  return p instanceof SandboxProvider ? p : null;
}

function html(c: Context<AppEnv>, body: string, status: 200 | 401 | 404 | 409 = 200) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(body, status);
}

function notFound(c: Context<AppEnv>) {
  return html(c, page('Fatura não encontrada', '<h1>Fatura não encontrada</h1>'), 404);
}

function unauthenticated(c: Context<AppEnv>) {
  return html(
    c,
    page(
      'Link expirado',
      '<h1>Link expirado</h1><p>Abra a fatura novamente pelo menu "Meu Plano" do EquipCheck.</p>',
    ),
    401,
  );
}

/** The company group whose customer a sandbox bill is (`group-<id>`, the code ensureCustomer gives). */
async function billGroupId(id: string): Promise<number | null> {
  const row = await coreDb()
    .selectFrom('sandbox_bills as b')
    .innerJoin('sandbox_customers as c', 'c.id', 'b.customer_id')
    .select('c.code')
    .where('b.id', '=', id)
    .executeTakeFirst();
  const m = row ? /^group-(\d+)$/.exec(row.code) : null;
  return m ? Number(m[1]) : null;
}

/**
 * Whether the caller may see and act on sandbox bill `id`: a valid signed link, or a session of
 * the bill's group. Answers the refusal to send, or null when allowed.
 */
async function refusal(c: Context<AppEnv>, id: string): Promise<Response | null> {
  if (billLinkValid(id, c.req.query('exp'), c.req.query('sig'))) return null;
  const auth = c.get('ctx')?.auth;
  if (!auth) return unauthenticated(c);
  const groupId = await billGroupId(id);
  if (groupId === null || auth.companyGroup?.id !== groupId) return notFound(c);
  return null;
}

async function renderBill(c: Context<AppEnv>) {
  const id = c.req.param('id') ?? '';
  const p = await sandbox();
  if (!p || !SANDBOX_BILL_ID.test(id)) return notFound(c);
  const refused = await refusal(c, id);
  if (refused) return refused;
  const bill = await p.getBill(id);
  if (!bill) return notFound(c);
  const signature = signatureQuery(c.req.query('exp'), c.req.query('sig'));
  const status = BILL_STATUS_LABELS[bill.status] ?? bill.status;
  const result = RESULTS[c.req.query('result') ?? ''];
  const action = `/billing/sandbox/bills/${encodeURIComponent(bill.providerId)}`;
  const buttons =
    bill.status === 'pending'
      ? `<div class="actions">
  <form method="post" action="${escapeHtml(`${action}/pay${signature ? `?${signature}` : ''}`)}"><button type="submit" class="pay" data-testid="sandbox-pay">Pagar</button></form>
  <form method="post" action="${escapeHtml(`${action}/fail${signature ? `?${signature}` : ''}`)}"><button type="submit" class="fail" data-testid="sandbox-fail">Simular falha</button></form>
</div>`
      : '';
  const body = `<h1>Fatura</h1>
<p class="notice">Ambiente de testes (sandbox): nenhuma cobrança real é feita.</p>
${result ? `<p class="result ${result.cls}" role="status" data-testid="sandbox-result">${escapeHtml(result.text)}</p>` : ''}
<dl>
  <dt>Valor</dt><dd class="amount" data-testid="sandbox-amount">${escapeHtml(formatBRL(bill.amountCents))}</dd>
  <dt>Situação</dt><dd data-testid="sandbox-status">${escapeHtml(status)}</dd>
  <dt>Vencimento</dt><dd>${escapeHtml(bill.dueAt ? formatDate(bill.dueAt, config().APP_TIME_ZONE) : EMPTY_DATE)}</dd>
  <dt>Referência</dt><dd>${escapeHtml(bill.code ?? bill.providerId)}</dd>
</dl>
${buttons}`;
  return html(c, page(`Fatura ${formatBRL(bill.amountCents)} — ${status}`, body));
}

function act(kind: 'pay' | 'fail') {
  return async (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    const p = await sandbox();
    if (!p || !SANDBOX_BILL_ID.test(id)) return notFound(c);
    const refused = await refusal(c, id);
    if (refused) return refused;
    try {
      if (kind === 'pay') await p.payBill(id);
      else await p.failBill(id);
    } catch (e) {
      if (e instanceof AppError && e.code === 'BILL_NOT_FOUND') return notFound(c);
      if (e instanceof AppError && e.code === 'BILL_NOT_PAYABLE')
        return html(
          c,
          page('Fatura', `<h1>Fatura</h1><p class="result bad">${escapeHtml(e.message)}</p>`),
          409,
        );
      throw e;
    }
    c.header('Cache-Control', 'no-store');
    const signature = signatureQuery(c.req.query('exp'), c.req.query('sig'));
    return c.redirect(
      `/billing/sandbox/bills/${encodeURIComponent(id)}?result=${kind === 'pay' ? 'paid' : 'failed'}${signature ? `&${signature}` : ''}`,
      303,
    );
  };
}

/** Mounts the sandbox bill page (only with BILLING_PROVIDER=sandbox). */
export function mountSandboxPages(app: Hono<AppEnv>): void {
  if (config().BILLING_PROVIDER !== 'sandbox') return;
  app.get('/billing/sandbox/bills/:id', renderBill);
  app.post('/billing/sandbox/bills/:id/pay', act('pay'));
  app.post('/billing/sandbox/bills/:id/fail', act('fail'));
}
