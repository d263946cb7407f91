import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, extinguisherDueDate, todayIn } from '../../../src/shared/equipment/status.ts';
import type {
  Cycle,
  CyclePreset,
  EquipmentCycle,
  SavedTypeCycles,
} from '../../../src/shared/cycles/schemas.ts';
import { rest, testApp, trpcClient } from '../../helpers/api.ts';
import { createTag, demoDb, equipmentSetup, goodAnswers, register, type Setup } from './helpers.ts';

/**
 * Maintenance cycles by norm (issue 30 items 1–3): presets, a type's list, each equipment's cycle
 * state moved by registration, inspection and maintenance, the equipment's due date as its worst
 * cycle, and the set-based recompute when a list is saved.
 */
describe('maintenance cycles', () => {
  testApp();
  const today = todayIn(process.env.APP_TIME_ZONE ?? 'America/Sao_Paulo');

  async function withPreset(s: Setup) {
    const r = await rest<SavedTypeCycles>('POST', `/web/inspection-types/${s.c.typeId}/cycles/preset/`, {
      token: s.t.group,
      body: { preset: 'nbr-12962-extinguishers' },
    });
    expect(r.status).toBe(200);
    // A small subcategory: recomputed in the request, no job.
    expect(r.json.data!.refresh).toBeNull();
    return r.json.data!.cycles;
  }

  async function extinguisher(s: Setup, dates: { made: string; recharge?: string }) {
    const serial = await createTag(s.demo);
    await register(s.t.company, {
      tagSerialNumber: serial,
      productId: s.c.productId,
      attributes: [
        { attributeId: s.c.attributes.manufacturing, value: dates.made },
        ...(dates.recharge ? [{ attributeId: s.c.attributes.recharge, value: dates.recharge }] : []),
      ],
    });
    return serial;
  }

  async function cyclesOf(token: string, serial: string) {
    const r = await rest<{
      dueDate: string | null;
      status: string;
      dueDateExpirationStatus: string;
      cycles: EquipmentCycle[];
    }>('GET', `/web/equipments/${serial}/`, { token });
    expect(r.status).toBe(200);
    const d = r.json.data!;
    return { ...d, byCode: Object.fromEntries(d.cycles.map((c) => [c.code, c])) };
  }

  const maintenanceAnswers = (s: Setup) => [
    { questionId: s.c.maintenance.recharged, answer: 'YES' },
    { questionId: s.c.maintenance.description, answer: '' },
  ];

  it('ships the presets in pt, en and es; only admins read them', async () => {
    const s = await equipmentSetup();
    const r = await rest<CyclePreset[]>('GET', '/web/maintenance-cycles/presets/', { token: s.t.company });
    expect(r.status).toBe(200);
    const ids = r.json.data!.map((p) => p.id);
    expect(ids).toEqual([
      'nbr-12962-extinguishers',
      'nbr-12779-hoses',
      'nbr-10898-emergency-lighting',
      'nbr-13714-hydrants',
      'nbr-17240-alarms',
      'nbr-13714-pumps',
    ]);
    const hoses = r.json.data!.find((p) => p.id === 'nbr-12779-hoses')!;
    expect(hoses.cycles.map((c) => [c.code, c.intervalValue, c.intervalUnit, c.doneBy])).toEqual([
      ['inspection', 6, 'MONTHS', 'INSPECTION'],
      ['maintenance', 12, 'MONTHS', 'MAINTENANCE'],
    ]);
    expect(hoses.cycles[0]!.name).toEqual({ pt: 'Inspeção', en: 'Inspection', es: 'Inspección' });
    const op = await rest('GET', '/web/maintenance-cycles/presets/', { token: s.t.operator });
    expect(op.status).toBe(403);
    expect(op.json.error?.code).toBe('FORBIDDEN');
  });

  it('registration, inspection and a maintenance naming cycles move the right due dates; the equipment is its worst cycle', async () => {
    const s = await equipmentSetup();
    const applied = await withPreset(s);
    expect(applied.map((c) => c.code)).toEqual(['inspection', 'recharge', 'hydrostatic-test']);
    const made = addMonths(today, -30);
    const recharge = addDays(addMonths(today, -12), -3); // recharge due 3 days ago
    const serial = await extinguisher(s, { made, recharge });

    let e = await cyclesOf(s.t.company, serial);
    expect(e.byCode.inspection).toMatchObject({ lastDoneAt: null, dueDate: null, status: 'NA' });
    expect(e.byCode.recharge).toMatchObject({
      name: 'Manutenção de 2º nível (recarga)',
      norm: 'ABNT NBR 12962',
      lastDoneAt: recharge,
      dueDate: addMonths(recharge, 12),
      status: 'EXPIRED',
      daysToExpire: -3,
    });
    expect(e.byCode['hydrostatic-test']).toMatchObject({
      lastDoneAt: null,
      dueDate: addMonths(made, 60),
      status: 'VALID',
    });
    expect(e.dueDate).toBe(addMonths(recharge, 12));
    expect(e.dueDateExpirationStatus).toBe('EXPIRED');

    // An inspection fulfils the INSPECTION cycle; the recharge still makes the equipment expired.
    const ins = await rest('POST', `/web/equipments/${serial}/inspections`, {
      token: s.t.operator,
      body: { answers: goodAnswers(s.c) },
    });
    expect(ins.status).toBe(201);
    e = await cyclesOf(s.t.company, serial);
    expect(e.byCode.inspection).toMatchObject({
      lastDoneAt: today,
      dueDate: addMonths(today, 12),
      status: 'VALID',
    });
    expect(e.status).toBe('EXPIRED');

    // The maintenance form offers the cycles to tick.
    const form = await rest<{ cycles: EquipmentCycle[] }>(
      'GET',
      `/web/equipments/${serial}/maintenance-form`,
      {
        token: s.t.operator,
      },
    );
    expect(form.status).toBe(200);
    expect(form.json.data!.cycles.map((c) => [c.code, c.status])).toEqual([
      ['inspection', 'VALID'],
      ['recharge', 'EXPIRED'],
      ['hydrostatic-test', 'VALID'],
    ]);

    // Unknown cycle: 400 with the code, nothing recorded.
    const bad = await rest('POST', `/web/equipments/${serial}/maintenances`, {
      token: s.t.operator,
      body: { answers: maintenanceAnswers(s), cycles: ['no-such-cycle'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.code).toBe('CYCLE_UNKNOWN');
    expect(bad.json.error?.params).toEqual({ code: 'no-such-cycle' });

    // A third-level maintenance also fulfils the second level (recharge).
    const m = await rest<{ id: number }>('POST', `/web/equipments/${serial}/maintenances`, {
      token: s.t.operator,
      body: { answers: maintenanceAnswers(s), cycles: ['hydrostatic-test'] },
    });
    expect(m.status).toBe(201);
    const stored = await demoDb()
      .selectFrom('maintenances')
      .select('cycles')
      .where('id', '=', m.json.data!.id)
      .executeTakeFirstOrThrow();
    expect(stored.cycles).toEqual(['recharge', 'hydrostatic-test']);
    e = await cyclesOf(s.t.company, serial);
    expect(e.byCode.recharge).toMatchObject({
      lastDoneAt: today,
      dueDate: addMonths(today, 12),
      status: 'VALID',
    });
    expect(e.byCode['hydrostatic-test']).toMatchObject({ lastDoneAt: today, dueDate: addMonths(today, 60) });
    expect(e.dueDate).toBe(addMonths(today, 12));
    expect(e.status).toBe('VALID');
    const row = await demoDb()
      .selectFrom('equipment_cycles as ec')
      .innerJoin('equipment as e', 'e.id', 'ec.equipment_id')
      .innerJoin('tags as t', 't.id', 'e.tag_id')
      .select(['ec.cycle_code', 'ec.record_done_at', 'ec.due_date'])
      .where('t.serial_number', '=', serial)
      .orderBy('ec.cycle_code')
      .execute();
    expect(row).toEqual([
      { cycle_code: 'hydrostatic-test', record_done_at: today, due_date: addMonths(today, 60) },
      { cycle_code: 'inspection', record_done_at: today, due_date: addMonths(today, 12) },
      { cycle_code: 'recharge', record_done_at: today, due_date: addMonths(today, 12) },
    ]);
    // The set-based recompute (a list saved again) finds the same days from the records.
    const again = await rest('PUT', `/web/inspection-types/${s.c.typeId}/cycles/`, {
      token: s.t.group,
      body: { cycles: applied },
    });
    expect(again.status).toBe(200);
    const recomputed = await demoDb()
      .selectFrom('equipment_cycles as ec')
      .innerJoin('equipment as e', 'e.id', 'ec.equipment_id')
      .innerJoin('tags as t', 't.id', 'e.tag_id')
      .select(['ec.cycle_code', 'ec.record_done_at', 'ec.due_date'])
      .where('t.serial_number', '=', serial)
      .orderBy('ec.cycle_code')
      .execute();
    expect(recomputed).toEqual(row);
    expect((await cyclesOf(s.t.company, serial)).dueDate).toBe(addMonths(today, 12));
  });

  it('PUT replaces the list and moves every equipment of the type at once; codes are distinct; roles and tenants', async () => {
    const s = await equipmentSetup();
    await withPreset(s);
    const recharge = addMonths(today, -2);
    const serials = [
      await extinguisher(s, { made: addMonths(today, -24), recharge }),
      await extinguisher(s, { made: addMonths(today, -24), recharge }),
    ];
    const list = (
      await rest<Cycle[]>('GET', `/web/inspection-types/${s.c.typeId}/cycles/`, { token: s.t.company })
    ).json.data!;
    // A stricter contract: recharge every 6 months, 15 days' warning; the inspection cycle dropped.
    const edited = list
      .filter((c) => c.code !== 'inspection')
      .map((c) => (c.code === 'recharge' ? { ...c, intervalValue: 6, warningDays: 15 } : c));
    const put = await rest<SavedTypeCycles>('PUT', `/web/inspection-types/${s.c.typeId}/cycles/`, {
      token: s.t.company,
      body: { cycles: edited },
    });
    expect(put.status).toBe(200);
    expect(put.json.data!.refresh).toBeNull();
    expect(put.json.data!.cycles.map((c) => [c.code, c.intervalValue])).toEqual([
      ['recharge', 6],
      ['hydrostatic-test', 60],
    ]);
    for (const serial of serials) {
      const e = await cyclesOf(s.t.company, serial);
      expect(e.cycles.map((c) => c.code)).toEqual(['recharge', 'hydrostatic-test']);
      expect(e.byCode.recharge).toMatchObject({ dueDate: addMonths(recharge, 6) });
      expect(e.dueDate).toBe(addMonths(recharge, 6));
    }
    // An emptied list: the equipment go back to NBR 12962 from their attributes (issue 11's rule).
    const empty = await rest<SavedTypeCycles>('PUT', `/web/inspection-types/${s.c.typeId}/cycles/`, {
      token: s.t.company,
      body: { cycles: [] },
    });
    expect(empty.json.data).toEqual({ cycles: [], refresh: null });
    for (const serial of serials) {
      const e = await cyclesOf(s.t.company, serial);
      expect(e.cycles).toEqual([]);
      expect(e.dueDate).toBe(
        extinguisherDueDate({ rechargeDate: recharge, manufacturingDate: addMonths(today, -24) }),
      );
    }
    const dup = await rest('PUT', `/web/inspection-types/${s.c.typeId}/cycles/`, {
      token: s.t.company,
      body: { cycles: [edited[0], edited[0]] },
    });
    expect(dup.status).toBe(400);
    expect(dup.json.error?.code).toBe('CYCLE_CODE_DUPLICATE');
    const op = await rest('PUT', `/web/inspection-types/${s.c.typeId}/cycles/`, {
      token: s.t.operator,
      body: { cycles: [] },
    });
    expect(op.status).toBe(403);
    const missing = await rest('GET', '/web/inspection-types/2147483000/cycles/', { token: s.t.company });
    expect(missing.status).toBe(404);
  });

  it('tRPC: the same calls, and a product may carry its own list', async () => {
    const s = await equipmentSetup();
    const client = trpcClient(s.t.group);
    const applied = await client.catalogue.cycles.applyPreset.mutate({
      id: s.c.typeId,
      preset: 'nbr-12779-hoses',
      language: 'es',
    });
    expect(applied.refresh).toBeNull();
    expect(applied.cycles.map((c) => c.name)).toEqual([
      'Inspección',
      'Mantenimiento con prueba hidrostática',
    ]);
    const serial = await extinguisher(s, { made: addMonths(today, -3) });
    const own = await client.catalogue.cycles.saveProductCycles.mutate({
      id: s.c.productId,
      ownCycles: true,
      cycles: [
        {
          code: 'yearly',
          name: 'Anual',
          intervalValue: 1,
          intervalUnit: 'MONTHS',
          doneBy: 'MAINTENANCE',
          startFrom: 'MANUFACTURING',
        },
      ],
    });
    expect(own.ownCycles).toBe(true);
    expect(own.refresh).toBeNull();
    const e = await client.equipment.get.query({ tag: serial });
    expect(e.cycles.map((c) => [c.code, c.dueDate, c.status])).toEqual([
      ['yearly', addMonths(addMonths(today, -3), 1), 'EXPIRED'],
    ]);
    await client.equipment.maintain.mutate({
      tag: serial,
      answers: maintenanceAnswers(s),
      cycles: ['yearly'],
    });
    const after = await client.equipment.get.query({ tag: serial });
    expect(after.cycles[0]).toMatchObject({
      code: 'yearly',
      lastDoneAt: today,
      dueDate: addMonths(today, 1),
      status: 'VALID',
    });
    await expect(
      client.equipment.maintain.mutate({
        tag: serial,
        answers: maintenanceAnswers(s),
        cycles: ['inspection'],
      }),
    ).rejects.toMatchObject({ data: { code: 'CYCLE_UNKNOWN' } });
  });

  it('the demo shows cycles: its yearly maintenances fulfil a cycle and its equipment answer their cycles', async () => {
    const s = await equipmentSetup();
    const m = await demoDb()
      .selectFrom('maintenances as m')
      .innerJoin('equipment as e', 'e.id', 'm.equipment_id')
      .innerJoin('tags as t', 't.id', 'e.tag_id')
      .select(['t.serial_number', 'm.cycles'])
      .where(sql<boolean>`m.cycles = array['recharge']`)
      .orderBy('m.id')
      .executeTakeFirst();
    expect(m?.cycles).toEqual(['recharge']);
    const e = await cyclesOf(s.t.company, m!.serial_number);
    expect(e.cycles.length).toBeGreaterThan(0);
    expect(e.cycles.every((c) => c.norm === 'ABNT NBR 12962')).toBe(true);
  });

  it('an ANSWER cycle is fulfilled by an inspection with that answer, on both the write and the recompute', async () => {
    const s = await equipmentSetup();
    const cycle = {
      code: 'seal-ok',
      name: 'Lacre conferido',
      intervalValue: 1,
      intervalUnit: 'MONTHS',
      doneBy: 'ANSWER',
      questionId: s.c.questions.seal,
      answer: 'yes',
    };
    const bad = await rest('PUT', `/web/inspection-types/${s.c.typeId}/cycles/`, {
      token: s.t.company,
      body: { cycles: [{ ...cycle, questionId: s.c.maintenance.recharged }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.code).toBe('CYCLE_QUESTION_INVALID');
    const put = await rest<SavedTypeCycles>('PUT', `/web/inspection-types/${s.c.typeId}/cycles/`, {
      token: s.t.company,
      body: { cycles: [cycle] },
    });
    expect(put.status).toBe(200);
    expect(put.json.data!.cycles[0]).toMatchObject({ doneBy: 'ANSWER', answer: 'YES' });
    const serial = await extinguisher(s, { made: addMonths(today, -3) });
    const notYet = goodAnswers(s.c).map((a) =>
      a.questionId === s.c.questions.seal ? { ...a, answer: 'NA' } : a,
    );
    expect(
      (
        await rest('POST', `/web/equipments/${serial}/inspections`, {
          token: s.t.operator,
          body: { answers: notYet },
        })
      ).status,
    ).toBe(201);
    expect((await cyclesOf(s.t.company, serial)).byCode['seal-ok']).toMatchObject({
      lastDoneAt: null,
      status: 'NA',
    });
    expect(
      (
        await rest('POST', `/web/equipments/${serial}/inspections`, {
          token: s.t.operator,
          body: { answers: goodAnswers(s.c) },
        })
      ).status,
    ).toBe(201);
    const done = { lastDoneAt: today, dueDate: addMonths(today, 1) };
    expect((await cyclesOf(s.t.company, serial)).byCode['seal-ok']).toMatchObject(done);
    // Saved again: the SQL recompute finds the same inspection.
    expect(
      (
        await rest('PUT', `/web/inspection-types/${s.c.typeId}/cycles/`, {
          token: s.t.company,
          body: { cycles: put.json.data!.cycles },
        })
      ).status,
    ).toBe(200);
    expect((await cyclesOf(s.t.company, serial)).byCode['seal-ok']).toMatchObject(done);
  });
});
