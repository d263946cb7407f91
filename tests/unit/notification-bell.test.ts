/**
 * Issue 18 item 2, pure parts: the bell's badge and toasts (at most 3 at once, seed 000 §9), the
 * report links the digest and the bell share, and the digest mail's texts in each language.
 */
import { describe, expect, it } from 'vitest';
import {
  badgeText,
  MAX_TOASTS,
  toastsForRefresh,
} from '../../src/client/components/layout/notification-rules.ts';
import { renderDueDigest } from '../../src/server/mail/due-digest.ts';
import { dueLinks, reportLink } from '../../src/shared/notifications/links.ts';
import type { DueItem } from '../../src/shared/notifications/schemas.ts';

const item = (id: number, over: Partial<DueItem> = {}): DueItem => ({
  equipmentId: id,
  companyId: 7,
  tagSerialNumber: `TAG${id}`,
  productName: 'Extintor PQS 6 kg',
  productSku: 'PQS-6',
  extraLabel: 'Recepção',
  nextInspection: { date: '2026-03-01', status: 'EXPIRED', daysToExpire: -9 },
  dueDate: null,
  ...over,
});

describe('the bell', () => {
  it('badge: nothing at zero, the number, 99+ past the cap', () => {
    expect(badgeText(0, false)).toBeNull();
    expect(badgeText(7, false)).toBe('7');
    expect(badgeText(99, true)).toBe('99+');
  });

  it('raises no toast on the first answer, one per new equipment after, never more than 3', () => {
    const items = [item(1), item(2), item(3), item(4), item(5), item(6)];
    expect(toastsForRefresh(null, items)).toEqual([]);
    expect(toastsForRefresh([1, 2, 3, 4, 5, 6], items)).toEqual([]);
    expect(toastsForRefresh([1, 2, 3, 4], items)).toEqual([
      { kind: 'item', item: items[4] },
      { kind: 'item', item: items[5] },
    ]);
    const many = toastsForRefresh([], items);
    expect(many).toHaveLength(MAX_TOASTS);
    expect(MAX_TOASTS).toBe(3);
    expect(many).toEqual([
      { kind: 'item', item: items[0] },
      { kind: 'item', item: items[1] },
      { kind: 'more', count: 4 },
    ]);
  });
});

describe('the report links', () => {
  it('filter the inspection report by company and either expiration status', () => {
    expect(dueLinks(7)).toEqual({
      inspections: { companyId: '7', lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING' },
      dueDates: { companyId: '7', dueDateExpirationStatus: 'EXPIRED_OR_EXPIRING' },
    });
    expect(dueLinks(null).inspections).toEqual({ lastInspectionExpirationStatus: 'EXPIRED_OR_EXPIRING' });
    expect(reportLink('https://app.example.com/', dueLinks(7).dueDates)).toBe(
      'https://app.example.com/#/inspections?companyId=7&dueDateExpirationStatus=EXPIRED_OR_EXPIRING',
    );
  });
});

describe('the digest mail', () => {
  const input = {
    name: 'Ana',
    companyName: 'Empresa <X>',
    day: '2026-03-10',
    counts: {
      equipment: 25,
      inspectionsExpired: 20,
      inspectionsExpiring: 0,
      dueDatesExpired: 0,
      dueDatesExpiring: 6,
    },
    items: [
      item(1),
      item(2, {
        nextInspection: null,
        dueDate: { date: '2026-03-11', status: 'EXPIRING', daysToExpire: 1 },
        extraLabel: null,
      }),
    ],
    links: {
      inspections: 'https://x.test/#/inspections?a=1&b=2',
      dueDates: 'https://x.test/#/inspections?c=3',
    },
  };

  it('in Spanish: counts, dated lines, the rest in the report, both links; HTML escaped', () => {
    const m = renderDueDigest('es', input);
    expect(m.subject).toBe('EquipCheck: 25 equipos con inspección o vencimiento próximo — Empresa <X>');
    expect(m.text).toContain('Resumen de vencimientos del 10/03/2026 de la empresa Empresa <X>:');
    expect(m.text).toContain('- Inspecciones vencidas: 20\n- Validez por vencer: 6\n');
    expect(m.text).not.toContain('Inspecciones por vencer');
    expect(m.text).toContain(
      '- Extintor PQS 6 kg (PQS-6) — etiqueta TAG1, Recepção: próxima inspección vencida el 01/03/2026 (hace 9 días)',
    );
    expect(m.text).toContain('- Extintor PQS 6 kg (PQS-6) — etiqueta TAG2: validez vence mañana, 11/03/2026');
    expect(m.text).toContain('… y 23 equipos más en el informe.');
    expect(m.text).toContain('Ver las inspecciones en el informe: https://x.test/#/inspections?a=1&b=2');
    expect(m.html).toContain('Empresa &lt;X&gt;');
    expect(m.html).toContain('href="https://x.test/#/inspections?a=1&amp;b=2"');
  });

  it('in English with day-first dates (issue 26 item 16) and one-item plurals; Portuguese for an unknown language', () => {
    const one = {
      ...input,
      counts: { ...input.counts, equipment: 1 },
      items: [item(1, { nextInspection: { date: '2026-03-09', status: 'EXPIRED', daysToExpire: -1 } })],
    };
    const en = renderDueDigest('en', one);
    expect(en.subject).toBe(
      'EquipCheck: 1 equipment item with an inspection or expiration date due — Empresa <X>',
    );
    expect(en.text).toContain('Due-date summary of 10/03/2026 for Empresa <X>:');
    expect(en.text).toContain('next inspection overdue since 09/03/2026 (1 day ago)');
    expect(renderDueDigest('xx', one).subject).toBe(
      'EquipCheck: 1 equipamento com inspeção ou validade a vencer — Empresa <X>',
    );
  });

  it('lists the due cycles (name, norm, due date) under an equipment with cycles, in place of its due date (issue 30)', () => {
    const withCycles = {
      ...item(3, {
        nextInspection: null,
        dueDate: { date: '2026-03-05', status: 'EXPIRED' as const, daysToExpire: -5 },
      }),
      cycles: [
        {
          name: 'Recarga',
          norm: 'ABNT NBR 12962',
          state: { date: '2026-03-05', status: 'EXPIRED' as const, daysToExpire: -5 },
        },
        {
          name: 'Ensaio <hidrostático>',
          norm: null,
          state: { date: '2026-03-12', status: 'EXPIRING' as const, daysToExpire: 2 },
        },
      ],
    };
    const m = renderDueDigest('pt', { ...input, items: [item(1), withCycles] });
    expect(m.text).toContain(
      [
        '- Extintor PQS 6 kg (PQS-6) — tag TAG3, Recepção:',
        '  - Recarga (ABNT NBR 12962): vencida em 05/03/2026 (há 5 dias)',
        '  - Ensaio <hidrostático>: vence em 2 dias, 12/03/2026',
        '',
      ].join('\n'),
    );
    expect(m.text).toContain(
      '- Extintor PQS 6 kg (PQS-6) — tag TAG1, Recepção: próxima inspeção vencida em 01/03/2026',
    );
    expect(m.html).toContain(
      '<ul><li>Recarga (ABNT NBR 12962): vencida em 05/03/2026 (há 5 dias)</li><li>Ensaio &lt;hidrostático&gt;: vence em 2 dias, 12/03/2026</li></ul>',
    );
    expect(renderDueDigest('en', { ...input, items: [withCycles] }).text).toContain(
      '  - Recarga (ABNT NBR 12962): overdue since 05/03/2026 (5 days ago)',
    );
    expect(renderDueDigest('es', { ...input, items: [withCycles] }).text).toContain(
      '  - Ensaio <hidrostático>: vence en 2 días, 12/03/2026',
    );
  });
});
