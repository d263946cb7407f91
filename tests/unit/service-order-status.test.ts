import { describe, expect, it } from 'vitest';
import { OS_STATUSES, type OsStatus } from '../../src/shared/enums.ts';
import { errorText } from '../../src/shared/errors.ts';
import {
  BLOCKED_STATUS_CODES,
  blockedStatuses,
  checkRequestedStatus,
  deriveStatus,
  deriveStatusFromCounts,
  isOpenStatus,
  resolveStatus,
} from '../../src/shared/service-orders/status.ts';

/** Completion patterns of an order's items (seed 000 §4). */
const PATTERNS = {
  empty: [] as (string | null)[],
  none: [null, null, null],
  some: ['2025-03-01', null, '2025-03-02'],
  all: ['2025-03-01', '2025-03-02', '2025-03-03'],
  blankIsNotDone: ['', '  ', null],
} as const;

/** What each current status × pattern derives to: cancelled stays cancelled, else by completion. */
const EXPECTED: Record<OsStatus | 'new', Record<keyof typeof PATTERNS, OsStatus>> = {
  new: { empty: 'PENDING', none: 'PENDING', some: 'PARTIAL', all: 'FINISHED', blankIsNotDone: 'PENDING' },
  PENDING: { empty: 'PENDING', none: 'PENDING', some: 'PARTIAL', all: 'FINISHED', blankIsNotDone: 'PENDING' },
  PARTIAL: { empty: 'PENDING', none: 'PENDING', some: 'PARTIAL', all: 'FINISHED', blankIsNotDone: 'PENDING' },
  FINISHED: {
    empty: 'PENDING',
    none: 'PENDING',
    some: 'PARTIAL',
    all: 'FINISHED',
    blankIsNotDone: 'PENDING',
  },
  CANCELLED: {
    empty: 'CANCELLED',
    none: 'CANCELLED',
    some: 'CANCELLED',
    all: 'CANCELLED',
    blankIsNotDone: 'CANCELLED',
  },
};

/** The seed's blocked options per derived status (000 §4). */
const BLOCKED: Record<OsStatus, OsStatus[]> = {
  PENDING: ['FINISHED', 'PARTIAL'],
  PARTIAL: ['PENDING', 'FINISHED'],
  FINISHED: ['PENDING', 'PARTIAL'],
  CANCELLED: ['PENDING', 'PARTIAL', 'FINISHED'],
};

describe('service order status rules', () => {
  for (const current of [null, ...OS_STATUSES] as const) {
    for (const [pattern, dates] of Object.entries(PATTERNS) as [keyof typeof PATTERNS, (string | null)[]][]) {
      const derived = EXPECTED[current ?? 'new'][pattern];
      it(`${current ?? 'a new order'} with ${pattern} completion dates derives ${derived}`, () => {
        expect(deriveStatus(current, dates)).toBe(derived);
        const done = dates.filter((d) => d?.trim()).length;
        expect(deriveStatusFromCounts(current, dates.length, done)).toBe(derived);
      });
      for (const requested of [undefined, null, ...OS_STATUSES] as const) {
        const blocked = requested ? BLOCKED[derived].includes(requested) : false;
        it(`${current ?? 'new'} × ${pattern} × requested ${requested ?? 'nothing'}: ${blocked ? 'refused' : 'accepted'}`, () => {
          const code = checkRequestedStatus(derived, requested);
          if (blocked) {
            expect(code).toBe(BLOCKED_STATUS_CODES[derived]);
            expect(resolveStatus(derived, requested)).toBe(derived);
          } else {
            expect(code).toBeNull();
            expect(resolveStatus(derived, requested)).toBe(requested ?? derived);
          }
        });
      }
    }
  }

  it('blockedStatuses gives the seed’s blocked options, the rest, and the explaining code', () => {
    for (const derived of OS_STATUSES) {
      const b = blockedStatuses(derived);
      expect([...b.blocked].sort()).toEqual([...BLOCKED[derived]].sort());
      expect([...b.allowed].sort()).toEqual(OS_STATUSES.filter((s) => !BLOCKED[derived].includes(s)).sort());
      expect(b.code).toBe(`SERVICE_ORDER_STATUS_BLOCKED_${derived}`);
      // The explanation exists in the three languages.
      for (const lang of ['pt', 'en', 'es']) expect(errorText(b.code, lang)).toBeTruthy();
    }
    // Cancelling is always allowed, and a cancelled order allows nothing else.
    for (const derived of OS_STATUSES) expect(blockedStatuses(derived).allowed).toContain('CANCELLED');
    expect(blockedStatuses('CANCELLED').allowed).toEqual(['CANCELLED']);
  });

  it('the explanations say why', () => {
    expect(errorText('SERVICE_ORDER_STATUS_BLOCKED_PENDING', 'pt')).toContain('Nenhum equipamento');
    expect(errorText('SERVICE_ORDER_STATUS_BLOCKED_FINISHED', 'en')).toContain('All equipment');
    expect(errorText('SERVICE_ORDER_STATUS_BLOCKED_CANCELLED', 'es')).toContain('cancelada');
  });

  it('open orders are PENDING and PARTIAL', () => {
    expect(OS_STATUSES.filter(isOpenStatus)).toEqual(['PENDING', 'PARTIAL']);
  });
});
