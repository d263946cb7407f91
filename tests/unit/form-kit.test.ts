import { describe, expect, it } from 'vitest';
import { formErrorCode } from '../../src/client/components/form/error-text.ts';
import {
  serverErrorCode,
  serverFieldErrors,
  serverIssues,
  valueAt,
} from '../../src/client/components/form/server-errors.ts';
import { FIELD_MESSAGES } from '../../src/shared/field-messages.ts';
import { REQUIRED_MESSAGE } from '../../src/shared/fields.ts';

/** What a TRPCClientError carries in `data` (see the errorFormatter of src/server/trpc.ts). */
const trpcError = (code: string, message: string, issues?: { path: string; message: string }[]) =>
  Object.assign(new Error(message), { data: { code, issues } });
/** A REST `{ error: { code, message, issues } }` body as an error object. */
const restError = (code: string, message: string, issues?: { path: string; message: string }[]) =>
  Object.assign(new Error(message), { code, issues });

const values = {
  name: 'Extintores',
  cnpj: '',
  product: { sku: 'X-1', name: 'Placa' },
  inspectionQuestions: [{ question: 'a', customAnswers: [{ answer: 'b' }] }],
};

describe('server errors → form fields', () => {
  it('reads the issues of a tRPC and of a REST error', () => {
    const issues = [{ path: 'name', message: 'REQUIRED' }];
    expect(serverIssues(trpcError('VALIDATION_FAILED', 'Dados inválidos', issues))).toEqual(issues);
    expect(serverIssues(restError('VALIDATION_FAILED', 'Dados inválidos', issues))).toEqual(issues);
    expect(serverIssues(new Error('boom'))).toEqual([]);
    expect(serverIssues(undefined)).toEqual([]);
    // zod-style array paths are joined
    expect(serverIssues({ issues: [{ path: ['a', 0, 'b'], message: 'x' }] })).toEqual([
      { path: 'a.0.b', message: 'x' },
    ]);
    expect(serverErrorCode(trpcError('CATEGORY_NAME_EXISTS', 'x'))).toBe('CATEGORY_NAME_EXISTS');
    expect(serverErrorCode(restError('PRODUCT_SKU_EXISTS', 'x'))).toBe('PRODUCT_SKU_EXISTS');
  });

  it('an issue lands on the field at its path, nested and in lists too', () => {
    const err = trpcError('VALIDATION_FAILED', 'Dados inválidos', [
      { path: 'cnpj', message: 'CNPJ inválido' },
      { path: 'product.sku', message: 'REQUIRED' },
      { path: 'inspectionQuestions.0.customAnswers.0.answer', message: 'DUPLICATE' },
    ]);
    expect(serverFieldErrors(err, values)).toEqual({
      fields: [
        { field: 'cnpj', message: 'CNPJ inválido' },
        { field: 'product.sku', message: 'REQUIRED' },
        { field: 'inspectionQuestions.0.customAnswers.0.answer', message: 'DUPLICATE' },
      ],
      complete: true,
    });
  });

  it('an issue the form holds no value for is not a field error: the form shows the message', () => {
    const err = trpcError('CATALOGUE_LIST_INVALID', 'Os itens…', [
      { path: 'name', message: 'x' },
      { path: 'inspectionQuestions.3.id', message: 'NOT_FOUND' },
    ]);
    expect(serverFieldErrors(err, values)).toEqual({
      fields: [{ field: 'name', message: 'x' }],
      complete: false,
    });
    expect(serverFieldErrors(trpcError('INTERNAL_ERROR', 'Problema com o servidor'), values)).toEqual({
      fields: [],
      complete: false,
    });
  });

  it('a code the form names lands on its field, with the server’s or the form’s message', () => {
    const err = trpcError('CATEGORY_NAME_EXISTS', 'Já existe uma categoria com o nome Extintores');
    expect(serverFieldErrors(err, values, { CATEGORY_NAME_EXISTS: 'name' })).toEqual({
      fields: [{ field: 'name', message: 'Já existe uma categoria com o nome Extintores' }],
      complete: true,
    });
    expect(
      serverFieldErrors(err, values, {
        CATEGORY_NAME_EXISTS: { field: 'name', message: () => 'Nome em uso' },
      }),
    ).toEqual({ fields: [{ field: 'name', message: 'Nome em uso' }], complete: true });
    expect(serverFieldErrors(err, values, { OTHER: 'name' }).complete).toBe(false);
  });

  it('valueAt walks objects and arrays', () => {
    expect(valueAt(values, 'product.sku')).toBe('X-1');
    expect(valueAt(values, 'inspectionQuestions.0.customAnswers.0.answer')).toBe('b');
    expect(valueAt(values, 'inspectionQuestions.1.question')).toBeUndefined();
    expect(valueAt(values, 'name.length.x')).toBeUndefined();
  });
});

describe('error texts', () => {
  it('codes and "required" errors get the kit’s translated text; other messages are shown as sent', () => {
    expect(formErrorCode({ type: 'custom', message: 'DUPLICATE' })).toBe('DUPLICATE');
    expect(formErrorCode({ type: 'server', message: 'EMPTY' })).toBe('EMPTY');
    expect(formErrorCode({ type: 'too_small', message: REQUIRED_MESSAGE })).toBe('REQUIRED');
    expect(
      formErrorCode({ type: 'invalid_type', message: 'Invalid input: expected number, received undefined' }),
    ).toBe('REQUIRED');
    // an empty select whose schema coerces '' to 0
    expect(formErrorCode({ type: 'too_small', message: 'Too small' }, { blank: true })).toBe('REQUIRED');
    // the shared field rules' messages, from the form or from the server, are translated by key
    expect(formErrorCode({ type: 'custom', message: 'CNPJ inválido' })).toBe('CNPJ_INVALID');
    expect(formErrorCode({ type: 'server', message: FIELD_MESSAGES.PHONE_INVALID })).toBe('PHONE_INVALID');
    expect(formErrorCode({ type: 'custom', message: FIELD_MESSAGES.PASSWORD_RULES })).toBe('PASSWORD_RULES');
    expect(formErrorCode({ type: 'custom', message: 'Texto qualquer' })).toBeUndefined();
    expect(
      formErrorCode({ type: 'server', message: 'Email a@b.c já existe' }, { blank: true }),
    ).toBeUndefined();
    expect(formErrorCode(undefined)).toBeUndefined();
  });
});
