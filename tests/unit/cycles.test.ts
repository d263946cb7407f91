import { describe, expect, it } from 'vitest';
import {
  CYCLE_PRESETS,
  cyclePreset,
  NBR_12962_HYDROSTATIC,
  NBR_12962_RECHARGE,
} from '../../src/shared/cycles/presets.ts';
import {
  type CycleRule,
  cycleState,
  cycleStatusOf,
  type DatedAttribute,
  earliestOf,
  inspectionFulfils,
  maintenanceFulfils,
} from '../../src/shared/cycles/rules.ts';
import { cycleFieldsSchema } from '../../src/shared/cycles/schemas.ts';
import { extinguisherDueDate, todayIn } from '../../src/shared/equipment/status.ts';

const rule = (code: string, presetId = 'nbr-12962-extinguishers'): CycleRule => {
  const c = cyclePreset(presetId as never).cycles.find((x) => x.code === code)!;
  return { ...c };
};
const date = (attribute: string, value: string): DatedAttribute => ({ attribute, type: 'DATE', value });
const made = date('Data de fabricação', '2022-03-10');

/** One row per case: the cycle, what the equipment holds, today → last done, due date, status. */
const CASES: {
  name: string;
  cycle: CycleRule;
  recordDoneAt?: string | null;
  attributes?: DatedAttribute[];
  noticeDays?: number | null;
  today: string;
  lastDoneAt: string | null;
  dueDate: string | null;
  status: string;
}[] = [
  // NBR 12962
  {
    name: 'inspection never done',
    cycle: rule('inspection'),
    today: '2026-01-10',
    lastDoneAt: null,
    dueDate: null,
    status: 'NA',
  },
  {
    name: 'inspection done',
    cycle: rule('inspection'),
    recordDoneAt: '2025-06-30',
    today: '2026-01-10',
    lastDoneAt: '2025-06-30',
    dueDate: '2026-06-30',
    status: 'VALID',
  },
  {
    name: 'recharge from its attribute',
    cycle: rule('recharge'),
    attributes: [date('Data de recarga', '2025-01-31')],
    today: '2026-01-30',
    noticeDays: 10,
    lastDoneAt: '2025-01-31',
    dueDate: '2026-01-31',
    status: 'EXPIRING',
  },
  {
    name: 'recharge: a newer maintenance wins over the attribute',
    cycle: rule('recharge'),
    recordDoneAt: '2025-09-01',
    attributes: [date('Data da recarga', '2025-01-31')],
    today: '2026-01-30',
    lastDoneAt: '2025-09-01',
    dueDate: '2026-09-01',
    status: 'VALID',
  },
  {
    name: 'recharge expired the day after',
    cycle: rule('recharge'),
    attributes: [date('RECARGA', '2025-01-31')],
    today: '2026-02-01',
    lastDoneAt: '2025-01-31',
    dueDate: '2026-01-31',
    status: 'EXPIRED',
  },
  {
    name: 'hydrostatic test from manufacture',
    cycle: rule('hydrostatic-test'),
    attributes: [made],
    today: '2026-01-10',
    lastDoneAt: null,
    dueDate: '2027-03-10',
    status: 'VALID',
  },
  {
    name: 'hydrostatic test from the retest date',
    cycle: rule('hydrostatic-test'),
    attributes: [made, date('Data do ensaio hidrostático', '2024-02-29')],
    today: '2026-01-10',
    lastDoneAt: '2024-02-29',
    dueDate: '2029-02-28',
    status: 'VALID',
  },
  {
    name: 'hydrostatic test, no dates',
    cycle: rule('hydrostatic-test'),
    today: '2026-01-10',
    lastDoneAt: null,
    dueDate: null,
    status: 'NA',
  },
  // NBR 12779
  {
    name: 'hose inspection every 6 months (31st → month end)',
    cycle: rule('inspection', 'nbr-12779-hoses'),
    recordDoneAt: '2025-08-31',
    today: '2026-02-28',
    lastDoneAt: '2025-08-31',
    dueDate: '2026-02-28',
    status: 'EXPIRING',
  },
  {
    name: 'hose maintenance every 12 months',
    cycle: rule('maintenance', 'nbr-12779-hoses'),
    recordDoneAt: '2025-03-01',
    today: '2026-03-02',
    lastDoneAt: '2025-03-01',
    dueDate: '2026-03-01',
    status: 'EXPIRED',
  },
  // NBR 10898
  {
    name: 'lighting monthly check',
    cycle: rule('functional-check', 'nbr-10898-emergency-lighting'),
    recordDoneAt: '2026-01-31',
    today: '2026-02-10',
    lastDoneAt: '2026-01-31',
    dueDate: '2026-02-28',
    status: 'VALID',
  },
  {
    name: 'lighting autonomy test',
    cycle: rule('autonomy-test', 'nbr-10898-emergency-lighting'),
    recordDoneAt: '2025-07-15',
    noticeDays: 30,
    today: '2025-12-16',
    lastDoneAt: '2025-07-15',
    dueDate: '2026-01-15',
    status: 'EXPIRING',
  },
  // NBR 13714
  {
    name: 'hydrant inspection',
    cycle: rule('inspection', 'nbr-13714-hydrants'),
    recordDoneAt: '2026-01-01',
    today: '2026-02-02',
    lastDoneAt: '2026-01-01',
    dueDate: '2026-02-01',
    status: 'EXPIRED',
  },
  {
    name: 'hydrant yearly maintenance',
    cycle: rule('maintenance', 'nbr-13714-hydrants'),
    recordDoneAt: '2025-05-05',
    today: '2026-01-01',
    lastDoneAt: '2025-05-05',
    dueDate: '2026-05-05',
    status: 'VALID',
  },
  // NBR 17240
  {
    name: 'alarm quarterly test',
    cycle: rule('quarterly-test', 'nbr-17240-alarms'),
    recordDoneAt: '2025-11-30',
    today: '2026-02-28',
    lastDoneAt: '2025-11-30',
    dueDate: '2026-02-28',
    status: 'EXPIRING',
  },
  {
    name: 'alarm detectors yearly',
    cycle: rule('detectors-yearly', 'nbr-17240-alarms'),
    recordDoneAt: '2025-02-01',
    today: '2026-02-02',
    lastDoneAt: '2025-02-01',
    dueDate: '2026-02-01',
    status: 'EXPIRED',
  },
  // Pumps
  {
    name: 'pump weekly start',
    cycle: rule('start-test', 'nbr-13714-pumps'),
    recordDoneAt: '2026-01-01',
    today: '2026-01-08',
    lastDoneAt: '2026-01-01',
    dueDate: '2026-01-08',
    status: 'EXPIRING',
  },
  {
    name: 'pump yearly maintenance',
    cycle: rule('maintenance', 'nbr-13714-pumps'),
    recordDoneAt: '2025-01-01',
    today: '2025-06-01',
    lastDoneAt: '2025-01-01',
    dueDate: '2026-01-01',
    status: 'VALID',
  },
];

describe('cycle states per preset', () => {
  for (const c of CASES)
    it(c.name, () => {
      const s = cycleState(c.cycle, {
        recordDoneAt: c.recordDoneAt ?? null,
        attributes: c.attributes ?? [],
        noticeDays: c.noticeDays ?? null,
      });
      expect({
        lastDoneAt: s.lastDoneAt,
        dueDate: s.dueDate,
        status: cycleStatusOf(s, c.today).status,
      }).toEqual({
        lastDoneAt: c.lastDoneAt,
        dueDate: c.dueDate,
        status: c.status,
      });
    });

  it('every preset cycle is a valid stored cycle and codes are distinct per preset', () => {
    for (const p of CYCLE_PRESETS) {
      expect(new Set(p.cycles.map((c) => c.code)).size).toBe(p.cycles.length);
      for (const c of p.cycles) {
        for (const lang of ['pt', 'en', 'es'] as const) expect(c.name[lang].length).toBeGreaterThan(0);
        expect(cycleFieldsSchema.safeParse({ ...c, name: c.name.pt }).success).toBe(true);
      }
    }
  });

  it('the NBR 12962 recharge and hydrostatic cycles give the due date of the rule before cycles', () => {
    const combos = [
      { recharge: '2025-01-31', made: '2021-05-01' },
      { recharge: '2024-12-15', made: '2022-01-01', retest: '2023-06-30' },
      { made: '2020-02-29' },
      { recharge: '2026-03-31' },
      {},
    ];
    for (const d of combos) {
      const attributes = [
        ...(d.recharge ? [date('Data de recarga', d.recharge)] : []),
        ...(d.made ? [date('Data de fabricação', d.made)] : []),
        ...(d.retest ? [date('Data do reteste', d.retest)] : []),
      ];
      const states = [NBR_12962_RECHARGE, NBR_12962_HYDROSTATIC].map((r) =>
        cycleState({ ...r, name: r.name.pt } as unknown as CycleRule, {
          recordDoneAt: null,
          attributes,
          noticeDays: 10,
        }),
      );
      expect(earliestOf(states).dueDate, JSON.stringify(d)).toBe(
        extinguisherDueDate({ rechargeDate: d.recharge, retestDate: d.retest, manufacturingDate: d.made }),
      );
    }
  });
});

describe('São Paulo day boundaries', () => {
  // 2026-06-02 01:30 UTC is still 2026-06-01 22:30 in São Paulo (UTC−3).
  const late = new Date('2026-06-02T01:30:00Z');
  const due = { dueDate: '2026-06-01', noticeDate: '2026-05-22' };

  it('a cycle due today stays EXPIRING until 23:59 São Paulo, while UTC already says EXPIRED', () => {
    expect(cycleStatusOf(due, todayIn('America/Sao_Paulo', late))).toEqual({
      status: 'EXPIRING',
      daysToExpire: 0,
    });
    expect(cycleStatusOf(due, todayIn('UTC', late))).toEqual({ status: 'EXPIRED', daysToExpire: -1 });
    // 03:00 UTC is midnight in São Paulo: expired there too.
    expect(cycleStatusOf(due, todayIn('America/Sao_Paulo', new Date('2026-06-02T03:00:00Z'))).status).toBe(
      'EXPIRED',
    );
  });

  it('a record made at 22:30 São Paulo counts for that São Paulo day', () => {
    const day = todayIn('America/Sao_Paulo', late);
    const s = cycleState(rule('maintenance', 'nbr-12779-hoses'), {
      recordDoneAt: day,
      attributes: [],
      noticeDays: null,
    });
    expect(s).toEqual({ lastDoneAt: '2026-06-01', dueDate: '2027-06-01', noticeDate: '2027-06-01' });
  });
});

describe('what a record fulfils', () => {
  const rules = cyclePreset('nbr-12962-extinguishers').cycles;

  it('a third-level maintenance includes the second level; unknown codes are reported', () => {
    expect(maintenanceFulfils(rules, ['hydrostatic-test'])).toEqual({
      codes: ['recharge', 'hydrostatic-test'],
      unknown: [],
    });
    expect(maintenanceFulfils(rules, ['recharge'])).toEqual({ codes: ['recharge'], unknown: [] });
    expect(maintenanceFulfils(rules, ['recharge', 'x'])).toEqual({ codes: ['recharge'], unknown: ['x'] });
    expect(maintenanceFulfils(rules, [])).toEqual({ codes: [], unknown: [] });
  });

  it('an inspection fulfils INSPECTION cycles, and ANSWER cycles on that answer only', () => {
    const answer = { doneBy: 'ANSWER' as const, questionId: 7, answer: 'YES' };
    expect(inspectionFulfils({ doneBy: 'INSPECTION', questionId: null, answer: null }, [])).toBe(true);
    expect(inspectionFulfils({ doneBy: 'MAINTENANCE', questionId: null, answer: null }, [])).toBe(false);
    expect(inspectionFulfils(answer, [{ questionId: 7, answer: 'yes' }])).toBe(true);
    expect(inspectionFulfils(answer, [{ questionId: 7, answer: 'NO' }])).toBe(false);
    expect(inspectionFulfils(answer, [{ questionId: 8, answer: 'YES' }])).toBe(false);
  });

  it('the warning window: the cycle’s own days, else the product’s notice days', () => {
    const base = rule('inspection', 'nbr-12779-hoses');
    expect(
      cycleState({ ...base, warningDays: 15 }, { recordDoneAt: '2026-01-01', attributes: [], noticeDays: 5 })
        .noticeDate,
    ).toBe('2026-06-16');
    expect(cycleState(base, { recordDoneAt: '2026-01-01', attributes: [], noticeDays: 5 }).noticeDate).toBe(
      '2026-06-26',
    );
  });

  it('a fixed start counts from its day until done', () => {
    const fixed: CycleRule = {
      ...rule('inspection', 'nbr-12779-hoses'),
      startFrom: 'FIXED',
      startDate: '2026-01-15',
    };
    expect(cycleState(fixed, { recordDoneAt: null, attributes: [], noticeDays: null }).dueDate).toBe(
      '2026-07-15',
    );
    expect(cycleState(fixed, { recordDoneAt: '2026-03-01', attributes: [], noticeDays: null }).dueDate).toBe(
      '2026-09-01',
    );
  });
});
