import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors.ts';
import { placeholdersOf } from '../../src/shared/define-errors.ts';
import { ERROR_CATALOGUE, ERROR_DOMAINS, errorText } from '../../src/shared/errors.ts';

describe('error catalogue', () => {
  const entries = Object.entries(ERROR_CATALOGUE);

  it('every code has pt, en and es texts with the same placeholders', () => {
    expect(entries.length).toBeGreaterThan(40);
    for (const [code, def] of entries) {
      for (const text of [def.message, def.en, def.es]) expect(text.trim(), code).not.toBe('');
      const pt = placeholdersOf(def.message);
      expect(placeholdersOf(def.en), `${code} en`).toEqual(pt);
      expect(placeholdersOf(def.es), `${code} es`).toEqual(pt);
      const ptText = (def as { pt?: string }).pt;
      if (ptText !== undefined) expect(placeholdersOf(ptText), `${code} pt`).toEqual(pt);
      expect(def.status, code).toBeGreaterThanOrEqual(400);
      expect(def.status, code).toBeLessThan(600);
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
  });

  it('each code belongs to one domain file', () => {
    const seen = new Map<string, string>();
    for (const [domain, defs] of Object.entries(ERROR_DOMAINS)) {
      for (const code of Object.keys(defs)) {
        expect(seen.get(code), `${code} in ${domain} and ${seen.get(code)}`).toBeUndefined();
        seen.set(code, domain);
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
  });

  it('keeps the seed codes and texts verbatim (seed 000 §8)', () => {
    const seed: Record<string, string> = {
      USER_REGISTER_EMAIL_EXISTS: 'Email {email} já existe',
      USER_REGISTER_EMAIL_INVALID: 'Email {email} é inválido',
      // 'email exists' / 'company group already exists' "with the e-mail / name filled in"
      USER_CREATE_EMAIL_EXISTS: 'email exists: {email}',
      AUTHENTICATION_INVALID_CREDENTIALS: 'e-mail e/ou senha inválidos',
      PASSWORD_RESET_EMAIL_INVALID: 'Email inválido',
      PASSWORD_CURRENT_INVALID: 'Senha atual inválida',
      INTERNAL_ERROR: 'Problema com o servidor',
      CREATE_MISSING_FIELD: 'missing field',
      CREATE_EXISTING_COMPANY_GROUP: 'company group already exists: {name}',
      CREATE_BAD_COMPANY_GROUP_NAME: 'company group invalid name',
      MIGRATE_INVALID_CATALOG: 'company group invalid name',
      MIGRATE_COULD_NOT_MIGRATE: 'We were unable to migrate.',
    };
    for (const [code, text] of Object.entries(seed))
      expect((ERROR_CATALOGUE as Record<string, { message: string }>)[code]?.message, code).toBe(text);
    expect(ERROR_CATALOGUE.AUTHENTICATION_PENDING_USER_STATUS.status).toBe(403);
  });
});

describe('errorText', () => {
  it('gives the text of the language with the parameters filled in', () => {
    const params = { name: 'Extintores' };
    expect(errorText('CATEGORY_NAME_EXISTS', 'pt', params)).toBe(
      'Já existe uma categoria com o nome Extintores',
    );
    expect(errorText('CATEGORY_NAME_EXISTS', 'en', params)).toBe(
      'A category named Extintores already exists',
    );
    expect(errorText('CATEGORY_NAME_EXISTS', 'es', params)).toBe(
      'Ya existe una categoría con el nombre Extintores',
    );
    expect(errorText('QR_QUANTITY_OUT_OF_RANGE', 'en', { min: 1, max: 10000 })).toBe(
      'The quantity must be a whole number between 1 and 10000',
    );
    expect(errorText('FORBIDDEN', 'en-US')).toBe('Access denied');
    // an unknown language is the fallback language, pt
    expect(errorText('FORBIDDEN', 'de')).toBe('Acesso negado');
  });

  it("shows the seed's English server messages in Portuguese in pt (the server keeps them)", () => {
    const email = { email: 'ana@example.com' };
    expect(errorText('USER_CREATE_EMAIL_EXISTS', 'pt', email)).toBe('Email ana@example.com já existe');
    expect(errorText('USER_CREATE_EMAIL_EXISTS', 'en', email)).toBe('Email ana@example.com already exists');
    expect(new AppError('USER_CREATE_EMAIL_EXISTS', { params: email }).message).toBe(
      'email exists: ana@example.com',
    );
    const name = { name: 'acme' };
    expect(errorText('CREATE_EXISTING_COMPANY_GROUP', 'pt', name)).toBe('O grupo de empresas acme já existe');
    expect(errorText('CREATE_EXISTING_COMPANY_GROUP', 'es', name)).toBe(
      'El grupo de empresas acme ya existe',
    );
    expect(new AppError('CREATE_EXISTING_COMPANY_GROUP', { params: name }).message).toBe(
      'company group already exists: acme',
    );
    expect(errorText('CREATE_MISSING_FIELD', 'pt')).toBe('Preencha os campos obrigatórios.');
  });

  it('has nothing for an unknown code or a missing parameter (the caller falls back)', () => {
    expect(errorText('NOT_A_CODE', 'en')).toBeUndefined();
    expect(errorText('toString', 'en')).toBeUndefined();
    expect(errorText('CATEGORY_NAME_EXISTS', 'en')).toBeUndefined();
  });
});

describe('AppError', () => {
  it('takes status and pt message from the catalogue and keeps the parameters', () => {
    const e = new AppError('CATEGORY_NAME_EXISTS', { params: { name: 'Placas' } });
    expect(e.status).toBe(409);
    expect(e.message).toBe('Já existe uma categoria com o nome Placas');
    expect(e.params).toEqual({ name: 'Placas' });
    const f = new AppError('VALIDATION_FAILED', { status: 413, message: 'Payload too large' });
    expect([f.status, f.message, f.params]).toEqual([413, 'Payload too large', undefined]);
  });
});
