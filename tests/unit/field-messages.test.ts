/** Issue 16 item 5: every size limit says its own rule with its number, in pt, en and es. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serverFieldErrors, serverIssues } from '../../src/client/components/form/server-errors.ts';
import { saveCategorySchema, saveProductSchema } from '../../src/shared/catalogue/schemas.ts';
import { describeIssue, limitOf, limitText } from '../../src/shared/field-messages.ts';
import { REQUIRED_MESSAGE, requiredText } from '../../src/shared/fields.ts';
import { qrGenerateInputSchema } from '../../src/shared/qr/schemas.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues.map(describeIssue);
};

describe('limit messages', () => {
  it('a text over its limit says the limit, in each language', () => {
    const [issue] = issuesOf(z.object({ sku: requiredText(60) }), { sku: 'x'.repeat(61) });
    expect(issue).toEqual({
      path: 'sku',
      message: 'Use no máximo 60 caracteres.',
      code: 'TOO_LONG',
      params: { max: 60 },
    });
    const limit = { code: 'TOO_LONG', params: { max: 60 } } as const;
    expect(limitText(limit, 'en')).toBe('Use at most 60 characters.');
    expect(limitText(limit, 'es')).toBe('Use como máximo 60 caracteres.');
    expect(limitText(limit, 'pt-BR')).toBe('Use no máximo 60 caracteres.');
  });

  it('the shared catalogue rules: SKU 60, name 200, category 120', () => {
    const product = {
      product: {
        sku: 'S'.repeat(61),
        name: 'N'.repeat(201),
        enabled: true,
        isDueDate: false,
        inspectionSchedule: 360,
        daysNotificationNextInspectionDate: 4000,
        categoryId: 1,
        inspectionTypeId: 1,
      },
    };
    expect(issuesOf(saveProductSchema, product).map((i) => [i.path, i.code, i.params])).toEqual([
      ['product.sku', 'TOO_LONG', { max: 60 }],
      ['product.name', 'TOO_LONG', { max: 200 }],
      ['product.daysNotificationNextInspectionDate', 'TOO_BIG', { max: 3650 }],
    ]);
    expect(issuesOf(saveCategorySchema, { name: 'C'.repeat(121) })).toEqual([
      { path: 'name', message: 'Use no máximo 120 caracteres.', code: 'TOO_LONG', params: { max: 120 } },
    ]);
  });

  it('numbers, lists and a blank text; a message of its own is kept', () => {
    const schema = z.object({
      n: z.number().min(1),
      p: z.number().positive(),
      rows: z.array(z.string()).max(2),
      text: z.string().min(1),
      own: z.number().min(0, 'NON_NEGATIVE'),
      code: z.string().min(3),
    });
    const got = issuesOf(schema, { n: 0, p: 0, rows: ['a', 'b', 'c'], text: '', own: -1, code: 'ab' });
    expect(got.map((i) => i.message)).toEqual([
      'Informe um número a partir de 1.',
      'Informe um número maior que 0.',
      'No máximo 2 itens.',
      REQUIRED_MESSAGE,
      'NON_NEGATIVE',
      'Use pelo menos 3 caracteres.',
    ]);
  });

  it('only markers are limits', () => {
    expect(limitOf('TOO_LONG:60')).toEqual({ code: 'TOO_LONG', params: { max: 60 } });
    expect(limitOf('TOO_SMALL:-5')).toEqual({ code: 'TOO_SMALL', params: { min: -5 } });
    expect(limitOf('NOPE:1')).toBeUndefined();
    expect(limitOf('Use no máximo 60 caracteres.')).toBeUndefined();
    expect(limitOf(undefined)).toBeUndefined();
  });

  it('a server issue with a limit code lands on its field as the limit, for any language', () => {
    const err = {
      data: {
        code: 'VALIDATION_FAILED',
        issues: [
          { path: 'name', message: 'Use no máximo 120 caracteres.', code: 'TOO_LONG', params: { max: 120 } },
        ],
      },
    };
    expect(serverIssues(err)).toEqual([{ path: 'name', message: 'TOO_LONG:120' }]);
    expect(serverFieldErrors(err, { name: 'x' }).fields).toEqual([
      { field: 'name', message: 'TOO_LONG:120' },
    ]);
  });

  it('the QR quantity accepts any number, so the service answers its own range code', () => {
    expect(qrGenerateInputSchema.safeParse({ quantity: 1.5, format: 'pdf' }).success).toBe(true);
    expect(qrGenerateInputSchema.safeParse({ quantity: Number.NaN, format: 'pdf' }).success).toBe(false);
  });
});
