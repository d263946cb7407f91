import { cnpj } from 'cpf-cnpj-validator';
import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { PASSWORD, demoGroup, letters, otherGroup } from './fixtures.ts';

type Company = {
  id: number;
  name: string;
  cnpj: string | null;
  enabled: boolean;
  tagsLimit: number;
  tagsUsed: number;
  mainContactName: string;
  email: string;
  phone: string;
};
type Page<T> = { items: T[]; total: number };

// A CNPJ names one company per group: every company gets a fresh valid one unless a test sets it.
const form = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  cnpj: cnpj.generate(true),
  mainContactName: 'Maria Contato',
  email: 'Contato@Empresa.dev',
  phone: '(11) 3333-4444',
  ...extra,
});

describe('companies', () => {
  it('a group admin adds a company (not enabled, 0 tags), edits it, and cannot set billing fields', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    const demo = await demoGroup();
    const name = `Empresa Nova ${letters(6)}`;
    const created = await rest<number>('POST', '/web/companies/', {
      token,
      body: form(name, { enabled: true, tagsLimit: 999, cnpj: '11.444.777/0001-61' }),
    });
    expect(created.status).toBe(201);
    const row = await coreDb()
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', created.json.data!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_group_id: demo.groupId,
      name,
      cnpj: '11444777000161',
      email: 'contato@empresa.dev',
      phone: '1133334444',
      enabled: false,
      tags_limit: 0,
    });

    const edited = await rest<Company>('PUT', `/web/companies/${row.id}/`, {
      token,
      body: form(`${name} Editada`, { cnpj: '', tagsLimit: 50 }),
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data).toMatchObject({
      id: row.id,
      name: `${name} Editada`,
      cnpj: null,
      tagsLimit: 0,
      tagsUsed: 0,
    });
  });

  it('a provider admin sets enabled and tags limit', async () => {
    const token = await loginAs(DEMO.admin);
    const created = await rest<number>('POST', '/web/companies/', {
      token,
      body: form(`Prov ${letters(6)}`, { enabled: true, tagsLimit: 20 }),
    });
    const row = await coreDb()
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', created.json.data!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: true, tags_limit: 20 });
    const edited = await trpcClient(token).organisations.companies.update.mutate({
      id: row.id,
      ...form(row.name, { enabled: false, tagsLimit: 3 }),
    });
    expect(edited).toMatchObject({ enabled: false, tagsLimit: 3 });
  });

  it('searches accent-insensitively, filters enabled yes/no/all and sorts in SQL', async () => {
    const token = await loginAs(DEMO.admin);
    const tag = letters(8);
    for (const [n, enabled] of [
      [`Ação ${tag} B`, true],
      [`Acao ${tag} A`, false],
      [`Zeta ${tag} C`, true],
    ] as const) {
      await rest('POST', '/web/companies/', { token, body: form(n, { enabled }) });
    }
    const all = await rest<Page<Company>>('GET', `/web/companies/?query=${tag}&sort=name&direction=desc`, {
      token,
    });
    expect(all.json.data!.items.map((c) => c.name)).toEqual([
      `Zeta ${tag} C`,
      `Ação ${tag} B`,
      `Acao ${tag} A`,
    ]);
    expect(all.json.data!.total).toBe(3);
    const yes = await rest<Page<Company>>(
      'GET',
      `/web/companies/?query=${encodeURIComponent(`acao ${tag}`)}&enabled=yes`,
      { token },
    );
    expect(yes.json.data!.items.map((c) => c.name)).toEqual([`Ação ${tag} B`]);
    const no = await rest<Page<Company>>('GET', `/web/companies/?query=${tag}&enabled=no`, { token });
    expect(no.json.data!.items.map((c) => c.name)).toEqual([`Acao ${tag} A`]);
    const byTags = await rest<Page<Company>>('GET', `/web/companies/?query=${tag}&sort=tagsUsed`, { token });
    expect(byTags.status).toBe(200);
    expect(byTags.json.data!.items.every((c) => c.tagsUsed === 0)).toBe(true);
    const empty = await rest<Page<Company>>('GET', `/web/companies/?query=${tag}zzz`, { token });
    expect(empty.json.data).toMatchObject({ items: [], total: 0 });
  });

  it('validates required fields and limits', async () => {
    const token = await loginAs(DEMO.admin);
    const r = await rest('POST', '/web/companies/', {
      token,
      body: { name: '', mainContactName: '', email: 'bad', phone: '12' },
    });
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe('VALIDATION_FAILED');
    expect(r.json.error?.issues?.map((i) => i.path).sort()).toEqual([
      'email',
      'mainContactName',
      'name',
      'phone',
    ]);
    const long = await rest('POST', '/web/companies/', { token, body: form('x'.repeat(256)) });
    expect(long.status).toBe(400);
    const cnpj = await rest('POST', '/web/companies/', { token, body: form('ok', { cnpj: '123' }) });
    expect(cnpj.json.error?.issues?.[0]?.path).toBe('cnpj');
  });

  it('a group admin of another group cannot edit or see demo companies', async () => {
    const other = await otherGroup();
    const token = await loginAs(other.email, PASSWORD);
    const demo = await demoGroup();
    const edit = await rest('PUT', `/web/companies/${demo.companyId}/`, { token, body: form('Hacked') });
    expect(edit.status).toBe(404);
    const list = await rest<Page<Company>>('GET', '/web/companies/?pageSize=1000', { token });
    expect(list.json.data!.items.map((c) => c.id)).toEqual([other.companyId]);
    const name = await coreDb()
      .selectFrom('companies')
      .select('name')
      .where('id', '=', demo.companyId)
      .executeTakeFirstOrThrow();
    expect(name.name).not.toBe('Hacked');
  });
});
