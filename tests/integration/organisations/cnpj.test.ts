import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { registration } from '../account/support.ts';
import { loginAs, rest } from '../../helpers/api.ts';
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
