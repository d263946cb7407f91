import { cnpj } from 'cpf-cnpj-validator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDb, coreDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { encodePng } from '../../../src/server/domains/catalogue/png.ts';
import { insertJobRow } from '../../../src/server/jobs/queue.ts';
import { rolesOf } from '../../../src/server/kit/operation.ts';
import { operationList } from '../../../src/server/operations.ts';
import type { Role } from '../../../src/shared/roles.ts';
import { DEMO, loginAs, rest, testApp } from '../../helpers/api.ts';
import { TINY_JPEG } from '../../helpers/photo-bytes.ts';
import { createCategory, createType, productBody } from '../catalogue/helpers.ts';
import { letters, otherGroup, PASSWORD, uniqueEmail } from '../organisations/fixtures.ts';

/**
 * Cross-tenant probe generated from the operations table: the demo tenant's users (group admin,
 * company admin, operator) call every operation their role may call, REST and tRPC, with the ids,
 * e-mail, job and tag of another tenant (the victim) in every id slot. Writes carry a valid body
 * (the victim's own resource, as the victim reads it), so they reach the tenant check instead of
 * stopping at validation. A leak is an answer that carries any of the victim's marker texts, or any
 * change to the victim's data. The provider admin is cross-tenant by design and not an attacker.
 */
const ATTACKERS: Record<Exclude<Role, 'MOBCHECK_ADMIN'>, string> = {
  COMPANY_GROUP_ADMIN: DEMO.groupAdmin,
  COMPANY_ADMIN: DEMO.companyAdmin,
  COMPANY_OPERATOR: DEMO.operator,
};
// Calls that end the attacker's own session or change the attacker's own account, not the victim's.
const SKIP = new Set(['auth.logout', 'account.changePassword', 'organisations.switchCompany']);

const MARK = `VICTIM${letters(8).toUpperCase()}`;

interface Victim {
  token: string;
  email: string;
  groupId: number;
  numericIds: number[];
  /** the victim's inspection and maintenance (unsigned): the ids of /web/inspections|maintenances/:id/… */
  recordIds: number[];
  jobId: string;
  serial: string;
  productId: number;
  /** GET path → the victim's answer, for valid write bodies and the before/after comparison */
  reads: Map<string, unknown>;
}

let victim: Victim;
let tokens: Record<string, string>;
const tally = { attempts: 0, leaks: 0 };
const leaks: string[] = [];

function idsFor(param: string): string[] {
  if (/email/i.test(param)) return [encodeURIComponent(victim.email)];
  if (/serial/i.test(param) || param === 'tag') return [victim.serial];
  if (/qty/i.test(param)) return ['1'];
  return victim.numericIds.map(String);
}

/** Every way to fill a path's parameters with the victim's values (jobs take the job id). */
function fillings(path: string): string[] {
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  let out = [path];
  for (const p of params) {
    const values =
      path.startsWith('/web/jobs/') && p === 'id'
        ? [victim.jobId]
        : RECORD_PATH.test(path) && p === 'id'
          ? // Signing only the victim's records: a small id may name the attacker's own record.
            [...victim.recordIds.map(String), ...(path.endsWith('/signatures') ? [] : idsFor(p))]
          : idsFor(p);
    out = out.flatMap((x) => values.map((v) => x.replace(`:${p}`, v)));
  }
  return out;
}

/** Paths naming an inspection or maintenance by id (documents, signatures): they take the victim's records too. */
const RECORD_PATH = /^\/web\/(inspections|maintenances)\//;

/** A valid signing body (issue 29): a signing attempt reaches the scope check instead of validation. */
const SIGNATURE_PNG = `data:image/png;base64,${encodePng(8, 4, () => [0, 0, 0]).toString('base64')}`;
const SIGNATURE_BODY = { technician: { name: `Assinante ${MARK}`, image: SIGNATURE_PNG } };

function leaked(what: string, status: number, body: string): void {
  tally.attempts++;
  const hit = [MARK, victim.jobId, victim.serial].find((m) => body.includes(m));
  if (hit) {
    tally.leaks++;
    leaks.push(`${what} → ${status} carries ${hit === MARK ? 'the marker' : hit}`);
  }
}

/**
 * What stamps the answer rather than the victim's data: `generatedAt` (the offline working set) and
 * signed links with their expiry (the video lessons: a new signature every second).
 */
function withoutStamp(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutStamp);
  if (!data || typeof data !== 'object') return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  delete out.generatedAt;
  if ('expiresAt' in out) {
    delete out.expiresAt;
    delete out.url;
  }
  // At any depth: a record's photos in a page of the history carry links too.
  for (const [k, v] of Object.entries(out))
    if (v && typeof v === 'object' && !(v instanceof Date)) out[k] = withoutStamp(v);
  return out;
}

async function victimReads(): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (const { operation } of operationList) {
    if (operation.kind !== 'query') continue;
    for (const b of operation.rest) {
      if (b.method !== 'get' || b.path.includes('/image') || b.path.includes('/download')) continue;
      if (b.path.includes('qr-code/generate')) continue;
      for (const path of b.path.includes(':') ? fillings(b.path) : [b.path]) {
        const r = await rest('GET', path, { token: victim.token });
        // `generatedAt` stamps the answer (the offline working set), not the victim's data.
        if (r.status === 200) out.set(path, withoutStamp(r.json.data));
      }
    }
  }
  return out;
}

beforeAll(async () => {
  const g = await otherGroup();
  // The victim's tenant ids start far from the demo tenant's, so "id 3" never names the
  // attacker's own row and a 200 on it could only be the victim's.
  const seqs = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and n.nspname = ${tenantSchemaName(g.schemaName)}`.execute(baseDb());
  expect(seqs.rows.length).toBeGreaterThan(3);
  for (const s of seqs.rows)
    await sql`alter sequence ${sql.table(`${tenantSchemaName(g.schemaName)}.${s.name}`)} restart with 700000`.execute(
      baseDb(),
    );
  const token = await loginAs(g.email, PASSWORD);
  const categoryId = await createCategory(token, `Categoria ${MARK}`);
  const typeId = await createType(token, `Tipo ${MARK}`, categoryId);
  const product = await rest<number>('POST', '/web/products/', {
    token,
    body: productBody(categoryId, typeId, { name: `Produto ${MARK}` }),
  });
  expect(product.status).toBe(201);
  const company = await rest<number>('POST', '/web/companies/', {
    token,
    body: {
      name: `Empresa ${MARK}`,
      cnpj: cnpj.generate(true),
      mainContactName: `Contato ${MARK}`,
      email: 'victim@empresa.dev',
      phone: '(11) 3333-4444',
    },
  });
  expect(company.status).toBe(201);
  const user = await rest<number>('POST', '/web/company-users/', {
    token,
    body: {
      name: `Funcionário ${MARK}`,
      email: uniqueEmail('victim'),
      phone: '(11) 97777-6666',
      companyId: g.companyId,
      occupation: 'Inspetor',
      status: 'ACTIVE',
      role: 'COMPANY_OPERATOR',
      password: PASSWORD,
    },
  });
  expect(user.status).toBe(201);
  const admin = await coreDb()
    .selectFrom('users')
    .select('id')
    .where('email', '=', g.email)
    .executeTakeFirstOrThrow();
  // A job and a tag of the victim's (the row and its tag; no worker is needed for the probe).
  const job = {
    id: await insertJobRow(
      'qr-xlsx',
      { companyId: g.companyId, quantity: 1, format: 'xlsx', note: MARK },
      { companyGroupId: g.companyGroupId, companyId: g.companyId, requestedBy: admin.id },
    ),
  };
  const serial = `V${letters(8).toUpperCase()}`;
  // As a QR batch leaves it: in the global registry (serial → group) and in the tenant.
  await coreDb()
    .insertInto('tag_registry')
    .values({
      serial,
      company_group_id: g.companyGroupId,
      company_id: g.companyId,
      job_id: null,
      batch_index: null,
    })
    .execute();
  await sql`insert into ${sql.table(`${tenantSchemaName(g.schemaName)}.tags`)} (serial_number, company_id) values (${serial}, ${g.companyId})`.execute(
    baseDb(),
  );
  // Equipment on the victim's tag, inspected and maintained: its reads carry the marker, and any
  // record an attacker managed to add would change them.
  const registered = await rest('POST', '/web/equipments/', {
    token,
    body: {
      tagSerialNumber: serial,
      productId: product.json.data!,
      extraLabel: `Local ${MARK}`,
      extraCode: MARK,
    },
  });
  expect(registered.status).toBe(201);
  const inspection = await rest<{ id: number }>('POST', `/web/equipments/${serial}/inspections`, {
    token,
    body: { answers: [] },
  });
  expect(inspection.status).toBe(201);
  // A photo on it (issue 29): its list is one of the victim's reads, so a photo an attacker
  // managed to add would change them.
  const form = new FormData();
  form.append('file', new File([Buffer.from(TINY_JPEG)], 'v.jpg', { type: 'image/jpeg' }));
  const photo = await testApp().request(`/web/inspections/${inspection.json.data!.id}/photos`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': '10.78.0.9' },
    body: form,
  });
  expect(photo.status).toBe(201);
  const maintenance = await rest<{ id: number }>('POST', `/web/equipments/${serial}/maintenances`, {
    token,
    body: { answers: [] },
  });
  expect(maintenance.status).toBe(201);
  // A visit plan and its visits (issue 30): their reads carry the marker and the victim's ids.
  const plan = await rest('POST', '/web/visit-plans/', {
    token,
    body: {
      companyId: g.companyId,
      name: `Plano ${MARK}`,
      intervalValue: 1,
      intervalUnit: 'WEEKS',
      firstDate: new Date().toISOString().slice(0, 10),
      technicianId: admin.id,
    },
  });
  expect(plan.status).toBe(201);
  victim = {
    token,
    email: g.email,
    groupId: g.companyGroupId,
    numericIds: [
      categoryId,
      typeId,
      product.json.data!,
      company.json.data!,
      g.companyId,
      user.json.data!,
      admin.id,
      g.companyGroupId,
      // the record the photo is on (the same number as the first row of every other victim table)
      ...(categoryId === inspection.json.data!.id ? [] : [inspection.json.data!.id]),
    ],
    recordIds: [inspection.json.data!.id, maintenance.json.data!.id],
    jobId: job.id,
    serial,
    productId: product.json.data!,
    reads: new Map(),
  };
  victim.reads = await victimReads();
  tokens = Object.fromEntries(
    await Promise.all(Object.entries(ATTACKERS).map(async ([role, email]) => [role, await loginAs(email)])),
  );
}, 120_000);

afterAll(() => {
  console.log(
    `cross-tenant probe: ${tally.attempts} attempts, ${tally.leaks} leaks (victim ids ${victim?.numericIds.length ?? 0} + job + tag + e-mail)`,
  );
});

async function callTrpc(name: string, kind: 'query' | 'mutation', token: string, input: unknown) {
  const headers = { 'X-Forwarded-For': '10.78.0.1', Authorization: `Bearer ${token}` };
  const payload = encodeURIComponent(JSON.stringify({ json: input }));
  const res =
    kind === 'query'
      ? await testApp().request(`/trpc/${name}?input=${payload}`, { headers })
      : await testApp().request(`/trpc/${name}`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ json: input }),
        });
  return { status: res.status, body: await res.text() };
}

/** The input keys of an operation that hold an id (top level). */
function idKeys(input: unknown): string[] {
  const shape = (input as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) {
    const inner = (input as { def?: { innerType?: unknown } } | undefined)?.def?.innerType;
    return inner ? idKeys(inner) : [];
  }
  return Object.keys(shape).filter(
    (k) => k === 'id' || /Id$/.test(k) || /email/i.test(k) || TAG_KEYS.includes(k),
  );
}

/** Input keys that name a tag by its serial. */
const TAG_KEYS = ['serial', 'tag', 'tagSerialNumber'];

/**
 * A call on the victim's tag carries what makes a write body valid (a product, an empty answer
 * list), so it reaches the tenant check instead of stopping at validation.
 */
function withTagBody(path: string, body: unknown): unknown {
  if (!path.includes(victim.serial) || Array.isArray(body) || typeof body !== 'object' || body === null)
    return body;
  return { productId: victim.productId, answers: [], ...body };
}

describe('cross-tenant probe (operations table × attacker roles × the victim’s ids)', () => {
  it('no answer over REST carries the victim’s data', async () => {
    for (const { name, operation } of operationList) {
      if (SKIP.has(name) || operation.access.kind === 'public') continue;
      const allowed = rolesOf(operation.access);
      for (const [role, token] of Object.entries(tokens)) {
        if (!allowed.includes(role as Role)) continue;
        for (const b of operation.rest) {
          const method = b.method.toUpperCase();
          // Lists and other id-less reads: the victim's rows must never show up in them.
          const paths = b.path.includes(':') ? fillings(b.path) : method === 'GET' ? [b.path] : [];
          for (const path of paths) {
            const signing = path.endsWith('/signatures');
            const valid = signing
              ? SIGNATURE_BODY
              : victim.reads.get(path.replace(/\/(toggle|update)\/$/, '/'));
            const body = method === 'GET' || method === 'DELETE' ? undefined : withTagBody(path, valid ?? {});
            const r = await rest(method, path, { token, body, headers: { Prefer: 'respond-async' } });
            leaked(`${role} ${method} ${path}`, r.status, await r.res.clone().text());
            if (method !== 'GET' && r.status >= 200 && r.status < 300 && valid !== undefined)
              leaks.push(`${role} ${method} ${path} → ${r.status} (a write on the victim's id was accepted)`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);

  it('no answer over tRPC carries the victim’s data', async () => {
    for (const { name, operation } of operationList) {
      if (SKIP.has(name) || operation.access.kind === 'public' || !operation.trpc) continue;
      const keys = idKeys(operation.input);
      const allowed = rolesOf(operation.access);
      const records = name.startsWith('seals.') || name.startsWith('documents.') ? victim.recordIds : [];
      // Signing only the victim's records: a small id may name the attacker's own record.
      const values = (k: string): unknown[] =>
        /email/i.test(k)
          ? [victim.email]
          : TAG_KEYS.includes(k)
            ? [victim.serial]
            : name.startsWith('seals.sign')
              ? records
              : [...records, ...victim.numericIds, victim.jobId];
      const inputs: Record<string, unknown>[] = keys.length
        ? keys.flatMap((k) =>
            values(k).map((v) =>
              TAG_KEYS.includes(k) ? { productId: victim.productId, answers: [], [k]: v } : { [k]: v },
            ),
          )
        : [{}];
      for (const [role, token] of Object.entries(tokens)) {
        if (!allowed.includes(role as Role)) continue;
        for (const input of inputs) {
          const bodyKey = operation.rest.find((b) => b.bodyKey)?.bodyKey;
          const rb = operation.rest.find((b) => b.path.includes(':id'));
          const valid =
            rb && 'id' in input ? victim.reads.get(rb.path.replace(':id', String(input.id))) : undefined;
          const full =
            valid === undefined
              ? input
              : bodyKey
                ? { ...input, [bodyKey]: valid }
                : { ...(valid as object), ...input };
          // A signing carries valid signatures, so it reaches the scope check.
          const signing = name.startsWith('seals.sign');
          const r = await callTrpc(
            name,
            operation.kind,
            token,
            signing ? { ...SIGNATURE_BODY, ...full } : full,
          );
          if (signing && r.status < 300)
            leaks.push(`${role} ${name} ${JSON.stringify(input)} → ${r.status} (signed)`);
          leaked(`${role} ${name} ${JSON.stringify(input)}`, r.status, r.body);
        }
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);

  it('the victim’s data is unchanged', async () => {
    // The probe can see a leak: the victim's own answers do carry the marker.
    expect(JSON.stringify([...victim.reads.values()])).toContain(MARK);
    const after = await victimReads();
    for (const [path, before] of victim.reads) expect(after.get(path), path).toEqual(before);
    expect(tally.attempts).toBeGreaterThan(500);
  }, 60_000);
});
