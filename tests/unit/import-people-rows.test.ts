import { describe, expect, it } from 'vitest';
import { companyKey, parseCompanyRow, parseRole, parseUserRow } from '../../src/shared/imports/people.ts';

const company = {
  name: '  Extintores Ágil Ltda ',
  cnpj: '11.222.333/0001-81',
  mainContactName: 'Maria',
  email: 'Contato@Agil.COM.br',
  phone: '(11) 98888-7777',
};

describe('companies rows', () => {
  it('reads a row with the company form rules: CNPJ normalised, e-mail lower-cased, phone digits, address parts', () => {
    const r = parseCompanyRow({ ...company, city: 'Campinas', state: 'sp', cep: '13010-000' });
    expect(r).toEqual({
      ok: true,
      row: {
        name: 'Extintores Ágil Ltda',
        fantasyName: null,
        cnpj: '11222333000181',
        mainContactName: 'Maria',
        email: 'contato@agil.com.br',
        phone: '11988887777',
        address: { city: 'Campinas', state: 'SP', cep: '13010000' },
      },
    });
  });

  it('names each refused cell with its code', () => {
    const r = parseCompanyRow({
      ...company,
      name: ' ',
      cnpj: '11.222.333/0001-80',
      email: 'x@',
      phone: '123',
      state: 'XX',
      cep: '1',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      { field: 'name', code: 'IMPORT_VALUE_REQUIRED' },
      { field: 'cnpj', code: 'IMPORT_CNPJ_INVALID' },
      { field: 'email', code: 'IMPORT_EMAIL_INVALID' },
      { field: 'phone', code: 'IMPORT_PHONE_INVALID' },
      { field: 'state', code: 'IMPORT_STATE_INVALID' },
      { field: 'cep', code: 'IMPORT_CEP_INVALID' },
    ]);
  });

  it('keys a company by CNPJ, else by its name without accents or case', () => {
    expect(companyKey({ cnpj: '11222333000181', name: 'A' })).toBe('cnpj:11222333000181');
    expect(companyKey({ cnpj: null, name: 'Extintores ÁGIL' })).toBe(
      companyKey({ cnpj: null, name: 'extintores agil' }),
    );
  });
});

describe('users rows', () => {
  it('takes role codes and the pt labels of the company roles', () => {
    expect(parseRole('COMPANY_ADMIN')).toBe('COMPANY_ADMIN');
    expect(parseRole('Administrador da empresa')).toBe('COMPANY_ADMIN');
    expect(parseRole(' operador ')).toBe('COMPANY_OPERATOR');
    expect(parseRole('Chefe')).toBeNull();
  });

  it('reads a user; an unknown role and a bad e-mail are problems of their cells', () => {
    expect(parseUserRow({ name: 'Ana', email: 'Ana@X.com', role: 'Operador', companyName: 'Acme' })).toEqual({
      ok: true,
      row: {
        name: 'Ana',
        email: 'ana@x.com',
        role: 'COMPANY_OPERATOR',
        companyCnpj: null,
        companyName: 'Acme',
        phone: null,
        occupation: null,
      },
    });
    const bad = parseUserRow({ name: 'Ana', email: 'nope', role: 'Chefe' });
    expect(bad).toEqual({
      ok: false,
      problems: [
        { field: 'email', code: 'IMPORT_EMAIL_INVALID' },
        { field: 'role', code: 'IMPORT_ROLE_INVALID' },
      ],
    });
  });
});
