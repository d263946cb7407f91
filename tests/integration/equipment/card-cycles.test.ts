import { describe, expect, it } from 'vitest';
import type { SavedTypeCycles } from '../../../src/shared/cycles/schemas.ts';
import { addDays, addMonths, todayIn } from '../../../src/shared/equipment/status.ts';
import { DEMO_USERS } from '../../../src/server/seed/demo-users.ts';
import { rest, testApp, trpcClient } from '../../helpers/api.ts';
import { createTag, equipmentSetup, goodAnswers, register, someIp } from './helpers.ts';

/**
 * The public tag card's cycles (issue 30 item 2): each cycle's code, name, norm, due day and status
 * today — no last done day, nothing about who did it.
 */
describe('public tag card: cycles', () => {
  testApp();
  const today = todayIn(process.env.APP_TIME_ZONE ?? 'America/Sao_Paulo');

  it('lists every cycle with its status and nothing private, for anyone', async () => {
    const s = await equipmentSetup();
    const preset = await rest<SavedTypeCycles>('POST', `/web/inspection-types/${s.c.typeId}/cycles/preset/`, {
      token: s.t.group,
      body: { preset: 'nbr-12962-extinguishers' },
    });
    expect(preset.status).toBe(200);
    const made = addMonths(today, -30);
    const recharge = addDays(addMonths(today, -12), -3); // recharge due 3 days ago
    const serial = await createTag(s.demo);
    await register(s.t.company, {
      tagSerialNumber: serial,
      productId: s.c.productId,
      attributes: [
        { attributeId: s.c.attributes.manufacturing, value: made },
        { attributeId: s.c.attributes.recharge, value: recharge },
      ],
    });
    const ins = await rest('POST', `/web/equipments/${serial}/inspections`, {
      token: s.t.operator,
      body: { answers: goodAnswers(s.c) },
    });
    expect(ins.status).toBe(201);

    const r = await rest<{ cycles: unknown[] }>('GET', `/web/tags/${serial}/card`, { ip: someIp() });
    expect(r.status).toBe(200);
    expect(r.json.data!.cycles).toEqual([
      {
        code: 'inspection',
        name: expect.any(String),
        norm: 'ABNT NBR 12962',
        dueDate: addMonths(today, 12),
        status: 'VALID',
        daysToExpire: expect.any(Number),
      },
      {
        code: 'recharge',
        name: 'Manutenção de 2º nível (recarga)',
        norm: 'ABNT NBR 12962',
        dueDate: addMonths(recharge, 12),
        status: 'EXPIRED',
        daysToExpire: -3,
      },
      {
        code: 'hydrostatic-test',
        name: expect.any(String),
        norm: 'ABNT NBR 12962',
        dueDate: addMonths(made, 60),
        status: 'VALID',
        daysToExpire: expect.any(Number),
      },
    ]);
    const text = await r.res.clone().text();
    expect(text).not.toContain('lastDoneAt');
    expect(text).not.toContain('doneBy');
    expect(text).not.toContain(recharge); // the last done day is the equipment's own record
    for (const u of DEMO_USERS) expect(text).not.toContain(u.name);
    expect(text).not.toContain('@');
    // The same over tRPC, signed out.
    const anon = await trpcClient(null).equipment.card.query({ serial });
    expect(anon.cycles).toEqual(r.json.data!.cycles);
  });

  // A card its company hid has `cycles: []` (card.test.ts, the card switch).
});
