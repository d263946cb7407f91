import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { resetConfig } from '../../../src/server/config.ts';
import { baseDb } from '../../../src/server/db/database.ts';
import { provisionCompanyGroup, uniqueSchemaName } from '../../../src/server/domains/account/provision.ts';
import { closeMailer } from '../../../src/server/mail/mailer.ts';

/** A real SMTP server on a free port that keeps every message it receives, parsed. */
export async function startMailServer() {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (m) => {
          messages.push(m);
          callback();
        },
        (e) => callback(e),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  resetConfig();
  return {
    messages,
    /** Polls until a message to `to` arrives (no sleeps standing in for a state). */
    async waitFor(to: string, timeoutMs = 10_000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const m = messages.find((x) => recipients(x).includes(to.toLowerCase()));
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    to(address: string): ParsedMail[] {
      return messages.filter((x) => recipients(x).includes(address.toLowerCase()));
    },
    async close() {
      closeMailer();
      delete process.env.SMTP_URL;
      resetConfig();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function recipients(m: ParsedMail): string[] {
  const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** The `t` token of the link in a mail's text body, checking the link's route. */
export function tokenFromMail(
  m: ParsedMail,
  route: '/active-environment' | '/password-reset',
): { link: string; token: string } {
  const link = (m.text ?? '').match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in mail');
  const url = new URL(link);
  const [path, query] = url.hash.slice(1).split('?');
  if (path !== route) throw new Error(`unexpected route ${path}`);
  const token = new URLSearchParams(query).get('t');
  if (!token) throw new Error('no token in link');
  return { link, token };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@test.dev`;
}

/** A letters-only company name, unique per call (schema names derive from it). */
export function uniqueCompany(prefix = 'Empresa'): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return `${prefix} ${s} Ltda`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Renata Registro',
    email: uniqueEmail('reg'),
    phone: '(11) 98765-4321',
    occupation: 'Gerente de segurança',
    cnpjCompany: '11.222.333/0001-81',
    company: uniqueCompany(),
    fantasyName: 'Fantasia',
    address: 'Av. Paulista, 1000',
    complement: 'Sala 1',
    state: 'SP',
    city: 'São Paulo',
    neighborhood: 'Bela Vista',
    cep: '01310-100',
    password: 'Senha@123',
    selectedPlanId: '2',
    equipmentQtt: '120',
    productIdVindi: 'prod-9',
    planIdVindi: 'plan-7',
    ...overrides,
  };
}

/**
 * An ACTIVE company group admin in a company group of its own (so other tests' counts over the demo
 * group are left alone), made with the provisioning primitive.
 */
export async function makeActiveUser(password = 'Atual@123') {
  const email = uniqueEmail('acc');
  const company = uniqueCompany('Conta');
  const result = await baseDb()
    .transaction()
    .execute(async (trx) =>
      provisionCompanyGroup(trx, {
        groupName: company,
        schemaName: await uniqueSchemaName(trx, company),
        company: { name: company },
        responsible: { name: 'Conta Teste', email, phone: '1133334444', occupation: 'Técnico', password },
      }),
    );
  return { id: result.userId, email, password, company };
}

/** A tiny ViaCEP look-alike: known CEPs, `{erro:true}`, a 500, and one that never answers. */
export async function startFakeCep() {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    const cep = req.url?.match(/\/ws\/(\d+)\/json/)?.[1];
    if (cep === '01310100') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          uf: 'SP',
        }),
      );
    } else if (cep === '50000000') {
      res.writeHead(500);
      res.end('boom');
    } else if (cep === '60000000') {
      // never answers: the proxy must give up after its timeout
    } else {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ erro: 'true' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  process.env.CEP_SERVICE_URL = `http://127.0.0.1:${port}/ws/{cep}/json/`;
  resetConfig();
  return {
    hits: () => hits,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
