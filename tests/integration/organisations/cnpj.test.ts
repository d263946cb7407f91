import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { registration } from '../account/support.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import { letters, otherGroup, PASSWORD } from './fixtures.ts';

/**
 * One CNPJ rule for every screen: the sign-up (`cnpjCompany`) and the companies dialog
 * (`POST`/`PUT /web/companies/`) accept and refuse the same values, and store the accepted ones
 * alike (upper-cased, without punctuation) — so a company born from a sign-up with an alphanumeric
 * CNPJ can be edited in the companies dialog.
 */
const CASES: { cnpj: string; stored: string | null }[] = [
  { cnpj: '11.222.333/0001-81', stored: '11222333000181' }, // numeric, valid
  { cnpj: '12.ABC.345/01DE-35', stored: '12ABC34501DE35' }, // alphanumeric (July 2026), valid
  { cnpj: '12abc34501de35', stored: '12ABC34501DE35' }, // the same typed lower-case, no mask
  { cnpj: '11.222.333/0001-82', stored: null }, // wrong check digit
  { cnpj: '12.ABC.345/01DE-36', stored: null }, // alphanumeric, wrong check digit
  { cnpj: 'não é um cnpj', stored: null }, // garbage
  { cnpj: '123', stored: null }, // too short
];

const companyForm = (cnpj: string) => ({
  name: `Empresa CNPJ ${letters(6)}`,
  cnpj,
  mainContactName: 'Contato',
  email: 'cnpj@empresa.dev',
  phone: '(11) 3333-4444',
});

let ip = 0;

describe('CNPJ: sign-up and companies dialog agree', () => {
  for (const { cnpj, stored } of CASES) {
    it(`${cnpj} → ${stored ? 'accepted' : 'refused'} by all three calls`, async () => {
      // Two fresh groups: the same CNPJ may name one company per group.
      const [a, b] = await Promise.all([otherGroup(), otherGroup()]);
      const token = await loginAs(a.email, PASSWORD);
      const tokenB = await loginAs(b.email, PASSWORD);

      const reg = await rest<{ id: number }>('POST', '/web/users/register/', {
        body: registration({ cnpjCompany: cnpj }),
        ip: `10.31.${ip++}.7`,
      });
      const created = await rest<number>('POST', '/web/companies/', { token, body: companyForm(cnpj) });
      const existing = b.companyId;
      const updated = await rest('PUT', `/web/companies/${existing}/`, {
        token: tokenB,
        body: companyForm(cnpj),
      });

      const outcomes = [reg, created, updated].map((r) => (r.status < 300 ? 'accepted' : r.status));
      if (stored) {
        expect(outcomes, JSON.stringify([reg.json, created.json, updated.json])).toEqual([
          'accepted',
          'accepted',
          'accepted',
        ]);
        const registered = await coreDb()
          .selectFrom('registrations')
          .select('cnpj')
          .where('user_id', '=', reg.json.data!.id)
          .executeTakeFirstOrThrow();
        const companies = await coreDb()
          .selectFrom('companies')
          .select('cnpj')
          .where('id', 'in', [created.json.data!, existing])
          .execute();
        expect(registered.cnpj).toBe(stored);
        expect(companies.map((c) => c.cnpj)).toEqual([stored, stored]);
      } else {
        expect(outcomes).toEqual([400, 400, 400]);
        for (const [r, field] of [
          [reg, 'cnpjCompany'],
          [created, 'cnpj'],
          [updated, 'cnpj'],
        ] as const) {
          expect(r.json.error?.code).toBe('VALIDATION_FAILED');
          expect(r.json.error?.issues?.map((i) => i.path)).toEqual([field]);
        }
      }
    });
  }
});

describe('CNPJ: group creation and the tRPC door apply the same rule (issue 16 item 6)', () => {
  const group = (companyCnpj: string) => {
    const schema = letters(12);
    return {
      companyCnpj,
      companyName: `CNPJ ${schema}`,
      companyGroup: schema,
      responsibleName: 'Resp CNPJ',
      responsibleEmail: `cnpj-${schema}@org.test`,
      responsiblePhone: '(11) 3333-4444',
      responsibleOccupation: 'Gerente',
      responsiblePassword: PASSWORD,
    };
  };
  const trpcError = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: { data?: { code?: string; issues?: { path: string }[] } }) => e.data,
    );

  it('a wrong check digit is refused on both doors, for the group and the company', async () => {
    const admin = await loginAs(DEMO.admin);
    for (const bad of ['11.222.333/0001-82', '12.ABC.345/01DE-36']) {
      const viaRest = await rest('POST', '/web/company-groups/', { token: admin, body: group(bad) });
      expect(viaRest.status).toBe(400);
      expect(viaRest.json.error?.issues?.map((i) => i.path)).toEqual(['companyCnpj']);
      const viaTrpc = await trpcError(
        trpcClient(admin).organisations.companyGroups.create.mutate(group(bad)),
      );
      expect(viaTrpc?.code).toBe('VALIDATION_FAILED');
      expect(viaTrpc?.issues?.map((i) => i.path)).toEqual(['companyCnpj']);

      const a = await otherGroup();
      const token = await loginAs(a.email, PASSWORD);
      const company = await trpcError(
        trpcClient(token).organisations.companies.create.mutate(companyForm(bad)),
      );
      expect(company?.code).toBe('VALIDATION_FAILED');
      expect(company?.issues?.map((i) => i.path)).toEqual(['cnpj']);
    }
  });

  it('a valid alphanumeric CNPJ is accepted on both doors and stored normalised', async () => {
    const admin = await loginAs(DEMO.admin);
    const viaRest = group('12.ABC.345/01DE-35');
    expect((await rest('POST', '/web/company-groups/', { token: admin, body: viaRest })).status).toBe(201);
    const viaTrpc = group('12abc34501de35');
    await trpcClient(admin).organisations.companyGroups.create.mutate(viaTrpc);
    const stored = await coreDb()
      .selectFrom('companies as c')
      .innerJoin('company_groups as g', 'g.id', 'c.company_group_id')
      .select(['g.schema_name', 'c.cnpj'])
      .where('g.schema_name', 'in', [viaRest.companyGroup, viaTrpc.companyGroup])
      .execute();
    expect(stored.map((r) => r.cnpj)).toEqual(['12ABC34501DE35', '12ABC34501DE35']);

    const a = await otherGroup();
    const token = await loginAs(a.email, PASSWORD);
    const id = await trpcClient(token).organisations.companies.create.mutate(
      companyForm('12.ABC.345/01DE-35'),
    );
    const row = await coreDb()
      .selectFrom('companies')
      .select('cnpj')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.cnpj).toBe('12ABC34501DE35');
  });
});
