/**
 * The /create-os checks (seed 000 §5 "Create OS, checked in order"): the first problem wins, in
 * the seed's order, with the shared codes whose Portuguese texts are the seed's verbatim.
 */
import { describe, expect, it } from 'vitest';
import { createOsProblem } from '../../src/client/features/service-orders/create-checks.ts';
import { errorText } from '../../src/shared/errors.ts';

const TODAY = '2026-03-10';
const full = {
  startDate: '2026-03-10',
  endDate: '2026-03-12',
  priority: 'HIGH',
  type: 'MAINTENANCE',
  responsibleUserId: 7,
};

describe('createOsProblem', () => {
  it('a start date before today comes first, whatever else is missing', () => {
    const p = createOsProblem({ startDate: '2026-03-09' }, 0, TODAY);
    expect(p).toEqual({ code: 'SERVICE_ORDER_START_DATE_PAST', fields: ['startDate'] });
    expect(errorText(p!.code, 'pt')).toBe('Insirar uma data de início igual ou superior ao dia de hoje.');
  });

  it('then no equipment (an empty form gives this one: a blank start date is not "before today")', () => {
    const p = createOsProblem({}, 0, TODAY);
    expect(p).toEqual({ code: 'SERVICE_ORDER_NO_EQUIPMENT', fields: [] });
    expect(errorText(p!.code, 'pt')).toBe('Insirar algum equipamento para cadastrar.');
    expect(createOsProblem(full, 0, TODAY)?.code).toBe('SERVICE_ORDER_NO_EQUIPMENT');
  });

  it('then any of end date, start date, priority, type, responsible blank, naming every blank field', () => {
    const p = createOsProblem({ startDate: TODAY, priority: '', type: null }, 2, TODAY);
    expect(p).toEqual({
      code: 'SERVICE_ORDER_MISSING_FIELDS',
      fields: ['endDate', 'priority', 'type', 'responsibleUserId'],
    });
    expect(errorText(p!.code, 'pt')).toBe('Existem dados obrigatórios em branco.');
    for (const f of ['endDate', 'startDate', 'priority', 'type', 'responsibleUserId'] as const)
      expect(createOsProblem({ ...full, [f]: null }, 1, TODAY)).toEqual({
        code: 'SERVICE_ORDER_MISSING_FIELDS',
        fields: [f],
      });
  });

  it('then a start after the end; a complete draft passes (today is a valid start)', () => {
    expect(createOsProblem({ ...full, startDate: '2026-03-13' }, 1, TODAY)).toEqual({
      code: 'SERVICE_ORDER_DATE_RANGE',
      fields: ['endDate'],
    });
    expect(createOsProblem(full, 1, TODAY)).toBeNull();
    expect(createOsProblem({ ...full, endDate: TODAY }, 1, TODAY)).toBeNull();
  });
});
