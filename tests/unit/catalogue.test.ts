import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/server/domains/catalogue/png.ts';
import { sniffImageType } from '../../src/server/domains/catalogue/images.ts';
import { isListValid, listRowErrors } from '../../src/shared/catalogue/list-rules.ts';
import { productFieldsSchema, saveInspectionTypeSchema } from '../../src/shared/catalogue/schemas.ts';

describe('catalogue list rules', () => {
  it('marks empty rows and rows repeated regardless of case, accents and spaces', () => {
    expect(listRowErrors(['Lacre', ' lacre ', '', 'Manômetro', 'manometro', 'Outro'])).toEqual([
      'DUPLICATE',
      'DUPLICATE',
      'EMPTY',
      'DUPLICATE',
      'DUPLICATE',
      null,
    ]);
    expect(isListValid(['a', 'b'])).toBe(true);
    expect(isListValid([])).toBe(true);
  });

  it('puts the row index in the zod issue path and applies the seed defaults', () => {
    const r = saveInspectionTypeSchema.safeParse({
      name: 'T',
      categoryId: 1,
      inspectionQuestions: [{ question: 'P' }, { question: 'p' }],
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual([
      'inspectionQuestions.0.question',
      'inspectionQuestions.1.question',
    ]);
    const ok = saveInspectionTypeSchema.parse({
      name: 'T',
      categoryId: 1,
      inspectionQuestions: [{ question: 'P', customAnswers: [{ answer: 'A' }] }],
    });
    expect(ok.enabled).toBe(false);
    expect(ok.inspectionQuestions![0]).toMatchObject({
      type: 'YES_NO_NA',
      enabled: true,
      customAnswers: [{ type: 'POSITIVE', enabled: true }],
    });
  });

  it('requires the days before due date only with an expiration date, and accepts only the periodicity choices', () => {
    const base = {
      sku: 'S',
      name: 'N',
      inspectionSchedule: 30,
      daysNotificationNextInspectionDate: 0,
      categoryId: 1,
      inspectionTypeId: 1,
    };
    expect(productFieldsSchema.safeParse(base).success).toBe(true);
    expect(productFieldsSchema.safeParse({ ...base, isDueDate: true }).success).toBe(false);
    expect(
      productFieldsSchema.safeParse({ ...base, isDueDate: true, daysNotificationDueDate: 0 }).success,
    ).toBe(true);
    for (const d of [360, 180, 90, 30, 15, 7, 1])
      expect(productFieldsSchema.safeParse({ ...base, inspectionSchedule: d }).success).toBe(true);
    expect(productFieldsSchema.safeParse({ ...base, inspectionSchedule: 60 }).success).toBe(false);
    expect(productFieldsSchema.safeParse({ ...base, daysNotificationNextInspectionDate: -1 }).success).toBe(
      false,
    );
  });
});

describe('product image sniffing', () => {
  it('recognises PNG, JPEG and WebP by their bytes and nothing else', () => {
    expect(sniffImageType(encodePng(1, 1, () => [0, 0, 0]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});
