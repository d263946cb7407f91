import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { equipmentSchema } from '../../src/shared/equipment/schemas.ts';
import { answerJson, serializerSchema } from '../../src/server/kit/answer-json.ts';

/** The REST answers' compiled serializer (kit/answer-json.ts) writes what JSON.stringify writes. */
describe('the compiled answer serializer', () => {
  it('reads X | null as a nullable X, tuples as draft-7 items, and asks for nothing', () => {
    expect(
      serializerSchema({
        type: 'object',
        required: ['a'],
        properties: {
          a: { anyOf: [{ type: 'object', properties: { x: { type: 'integer' } } }, { type: 'null' }] },
          b: { type: ['string', 'null'] },
          required: { type: 'boolean' },
          c: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: false },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        a: { type: 'object', properties: { x: { type: 'integer' } }, nullable: true },
        b: { type: 'string', nullable: true },
        required: { type: 'boolean' },
        c: { type: 'array', items: [{ type: 'number' }, { type: 'string' }] },
      },
    });
  });

  const shapes = z.object({
    when: z.date(),
    maybe: z.date().nullable(),
    inner: z.object({ n: z.number().int(), s: z.string() }).nullable(),
    optional: z.string().optional(),
    pairs: z.array(z.tuple([z.number(), z.string()])),
    byKey: z.record(z.string(), z.string()),
    either: z.discriminatedUnion('k', [
      z.object({ k: z.literal('a') }),
      z.object({ k: z.literal('b'), v: z.number() }),
    ]),
    kind: z.enum(['X', 'Y']).nullable(),
    free: z.unknown(),
  });

  it('writes the same text as JSON.stringify for answers of every shape', () => {
    const answers = [
      {
        when: new Date(0),
        maybe: null,
        inner: null,
        pairs: [[1, 'a']],
        byKey: { a: 'é"\n' },
        either: { k: 'b', v: 2.5 },
        kind: null,
        free: { z: [1, { q: null }] },
      },
      {
        when: new Date('2026-11-29T01:02:03.456Z'),
        maybe: new Date(5),
        inner: { n: 3, s: 'Extintor CO₂' },
        optional: 'x',
        pairs: [],
        byKey: {},
        either: { k: 'a' },
        kind: 'X',
        free: null,
      },
    ];
    for (const data of answers)
      expect(answerJson('test.shapes', shapes, data)).toBe(JSON.stringify({ data }));
    expect(answerJson('test.shapes', shapes, undefined)).toBe('{"data":null}');
  });

  it("writes an equipment page as JSON.stringify does (the list's answer)", () => {
    const page = z.object({ items: z.array(equipmentSchema), total: z.number() });
    const item = {
      id: 1,
      status: 'VALID',
      enabledTag: true,
      companyId: 1,
      companyName: 'Extintores Demo Ltda',
      tagSerialNumber: 'P00000001',
      extraLabel: 'Local 1',
      extraCode: null,
      createdAt: new Date('2026-11-01T10:00:00.000Z'),
      dueDate: '2027-01-01',
      dueDateExpirationStatus: 'VALID',
      dueDateDaysToExpire: 33,
      lastInspection: {
        createdAt: new Date('2026-11-20T10:00:00.000Z'),
        userName: 'Técnico',
        userEmail: 't@x.dev',
      },
      nextInspectionDate: '2026-12-20',
      lastInspectionExpirationStatus: 'VALID',
      lastInspectionDaysToExpire: 21,
      lastMaintenance: null,
      maintenanceStatus: 'NA',
      lastInspectionPresence: null,
      lastScannedAt: null,
      referenceLocation: { latitude: -23.5, longitude: -46.6, source: 'MEDIAN' },
      inspectionTypeAttribute: [
        { attributeId: 1, attribute: 'Data de fabricação', type: 'DATE', value: null },
      ],
      product: {
        id: 2,
        sku: 'EXT-CO2-6',
        name: 'Extintor CO₂ 6 kg',
        categoryId: 1,
        inspectionTypeId: 1,
        isDvExclusive: false,
        isDueDate: true,
        hasImage: true,
        updateDate: new Date('2026-11-29T01:59:51.627Z'),
      },
    };
    const data = page.parse({ items: [item, { ...item, id: 2 }], total: 2 });
    expect(answerJson('test.equipmentPage', page, data)).toBe(JSON.stringify({ data }));
  });

  it('fails a test call whose answer carries what its schema does not declare', () => {
    expect(() => answerJson('test.loose', z.object({ a: z.string() }), { a: 'x', secret: 'y' })).toThrow(
      /test\.loose: the compiled answer serializer wrote …\{"data":\{"a":"x"\}\} where JSON.stringify wrote …\{"data":\{"a":"x","secret":"y"\}\}/,
    );
  });
});
