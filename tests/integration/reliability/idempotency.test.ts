import { cnpj } from 'cpf-cnpj-validator';
import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { loginAs, rest, testApp } from '../../helpers/api.ts';
import { letters, otherGroup, PASSWORD } from '../organisations/fixtures.ts';

/**
 * Double submits create nothing twice: `Idempotency-Key` on POST replays the first answer (REST and
 * tRPC), refuses the key with another body, and the CNPJ is unique within a group.
 */
const company = (name: string, doc: string | null = cnpj.generate()) => ({
  name,
  cnpj: doc,
  mainContactName: 'Contato',
  email: 'c@empresa.dev',
  phone: '(11) 3333-4444',
});

async function companiesNamed(groupId: number, name: string) {
  return coreDb()
    .selectFrom('companies')
    .select('id')
    .where('company_group_id', '=', groupId)
    .where('name', '=', name)
    .execute();
}

describe('Idempotency-Key and double submits', () => {
  testApp();

  it('10 parallel creates with one key: one row, ten identical answers', async () => {
    const g = await otherGroup();
    const token = await loginAs(g.email, PASSWORD);
    const name = `Idem ${letters(8)}`;
    const key = `k-${letters(16)}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        rest<number>('POST', '/web/companies/', {
          token,
          body: company(name, null),
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.json.data)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(9);
    expect(await companiesNamed(g.companyGroupId, name)).toHaveLength(1);
    // A later retry with the key is still the first answer.
    const later = await rest<number>('POST', '/web/companies/', {
      token,
      body: company(name, null),
      headers: { 'Idempotency-Key': key },
    });
    expect([later.status, later.json.data]).toEqual([201, answers[0]!.json.data]);
  });

  it('the same key with another body is 409 IDEMPOTENCY_KEY_REUSED; keys are per caller', async () => {
    const g = await otherGroup();
    const h = await otherGroup();
    const token = await loginAs(g.email, PASSWORD);
    const other = await loginAs(h.email, PASSWORD);
    const key = `k-${letters(16)}`;
    const first = await rest('POST', '/web/companies/', {
      token,
      body: company(`A ${letters(6)}`, null),
      headers: { 'Idempotency-Key': key },
    });
    expect(first.status).toBe(201);
    const reused = await rest('POST', '/web/companies/', {
      token,
      body: company(`B ${letters(6)}`, null),
      headers: { 'Idempotency-Key': key },
    });
    expect(reused.status).toBe(409);
    expect(reused.json.error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const someoneElse = await rest('POST', '/web/companies/', {
      token: other,
      body: company(`C ${letters(6)}`, null),
      headers: { 'Idempotency-Key': key },
    });
    expect(someoneElse.status).toBe(201);
    const bad = await rest('POST', '/web/companies/', {
      token,
      body: company(`D ${letters(6)}`, null),
      headers: { 'Idempotency-Key': 'x'.repeat(300) },
    });
    expect(bad.json.error?.code).toBe('IDEMPOTENCY_KEY_INVALID');
  });

  it('tRPC mutations replay too', async () => {
    const g = await otherGroup();
    const token = await loginAs(g.email, PASSWORD);
    const name = `Trpc ${letters(8)}`;
    const call = () =>
      testApp().request('/trpc/organisations.companies.create', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': `t-${name.replace(/ /g, '-')}`,
        },
        body: JSON.stringify({ json: company(name, null) }),
      });
    const [a, b] = [await call(), await call()];
    expect([a.status, b.status], await a.clone().text()).toEqual([200, 200]);
    expect(await b.text()).toBe(await a.text());
    expect(await companiesNamed(g.companyGroupId, name)).toHaveLength(1);
  });

  it('without a key, 10 parallel creates of one CNPJ make one company; the rest 409 COMPANY_CNPJ_EXISTS', async () => {
    const g = await otherGroup();
    const token = await loginAs(g.email, PASSWORD);
    const doc = cnpj.generate();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        rest('POST', '/web/companies/', { token, body: company(`Dup ${i} ${letters(4)}`, doc) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.error?.code)).toEqual(
      Array(9).fill('COMPANY_CNPJ_EXISTS'),
    );
    const rows = await coreDb()
      .selectFrom('companies')
      .select('id')
      .where('company_group_id', '=', g.companyGroupId)
      .where('cnpj', '=', doc)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
