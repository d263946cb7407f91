import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_ITEM_BUDGET,
  backgroundPreparation,
  hasRoomFor,
  isPhone,
  localDay,
  type PrepareInput,
} from '../../src/client/features/field/offline/prepare-rules.ts';

/** Issue 26 item 11: when the phone prepares its working set by itself. */
describe('isPhone', () => {
  it('the browser’s own word first, else a finger on a phone-sized screen', () => {
    expect(isPhone({ uaMobile: true, coarsePointer: false, shortSide: 1080 })).toBe(true);
    // iPhone Safari: no userAgentData
    expect(isPhone({ uaMobile: undefined, coarsePointer: true, shortSide: 390 })).toBe(true);
    // landscape phone: the short side decides, not the width
    expect(isPhone({ uaMobile: undefined, coarsePointer: true, shortSide: 430 })).toBe(true);
    // a tablet, a touch laptop, a desktop with a small window
    expect(isPhone({ uaMobile: false, coarsePointer: true, shortSide: 820 })).toBe(false);
    expect(isPhone({ uaMobile: false, coarsePointer: false, shortSide: 390 })).toBe(false);
    expect(isPhone({ uaMobile: undefined, coarsePointer: true, shortSide: 0 })).toBe(false);
  });
});

describe('backgroundPreparation', () => {
  const base: PrepareInput = {
    role: 'COMPANY_OPERATOR',
    phone: true,
    installed: false,
    saveData: false,
    hasSet: false,
    hasPartial: false,
    lastDay: null,
    today: '2026-03-10',
  };
  it('a company operator or admin signing in on a phone starts one; other roles or a computer do not', () => {
    expect(backgroundPreparation(base)).toBe('start');
    expect(backgroundPreparation({ ...base, role: 'COMPANY_ADMIN' })).toBe('start');
    expect(backgroundPreparation({ ...base, role: 'COMPANY_GROUP_ADMIN' })).toBe('none');
    expect(backgroundPreparation({ ...base, role: 'MOBCHECK_ADMIN' })).toBe('none');
    expect(backgroundPreparation({ ...base, phone: false })).toBe('none');
  });
  it('an installed app starts one for any signed-in role, on any device', () => {
    expect(
      backgroundPreparation({ ...base, role: 'COMPANY_GROUP_ADMIN', phone: false, installed: true }),
    ).toBe('start');
  });
  it('at most once a day, never over a set already there, never on save-data', () => {
    expect(backgroundPreparation({ ...base, lastDay: '2026-03-10' })).toBe('none');
    expect(backgroundPreparation({ ...base, lastDay: '2026-03-09' })).toBe('start');
    expect(backgroundPreparation({ ...base, hasSet: true })).toBe('none');
    expect(backgroundPreparation({ ...base, saveData: true })).toBe('none');
    expect(backgroundPreparation({ ...base, saveData: true, hasPartial: true })).toBe('none');
  });
  it('a download left half-way resumes, even later the same day or for another device', () => {
    expect(backgroundPreparation({ ...base, hasPartial: true, lastDay: '2026-03-10' })).toBe('resume');
    expect(backgroundPreparation({ ...base, hasPartial: true, phone: false, role: null })).toBe('resume');
  });
});

describe('hasRoomFor and localDay', () => {
  it('needs BYTES_PER_ITEM_BUDGET a item of free quota; without an estimate it goes ahead', () => {
    expect(hasRoomFor(1000, { quota: 1000 * BYTES_PER_ITEM_BUDGET, usage: 0 })).toBe(true);
    expect(hasRoomFor(1000, { quota: 1000 * BYTES_PER_ITEM_BUDGET, usage: 1 })).toBe(false);
    expect(hasRoomFor(1000, null)).toBe(true);
    expect(hasRoomFor(1000, {})).toBe(true);
  });
  it('the device’s calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
