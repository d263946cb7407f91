/**
 * The visits tests' world: the equipment setup with NBR 12962's cycles on its type, a company of
 * the demo group of its own (so the demo's equipment never shows up) and extinguishers whose
 * recharge cycle falls due on a chosen day.
 */
import { expect } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { addMonths } from '../../../src/shared/equipment/status.ts';
import { rest } from '../../helpers/api.ts';
import { createTag, equipmentSetup, register, type Setup } from '../equipment/helpers.ts';
import { addCompany } from '../organisations/fixtures.ts';

export async function visitsCompany(): Promise<{ s: Setup; companyId: number }> {
  const s = await equipmentSetup();
  const preset = await rest('POST', `/web/inspection-types/${s.c.typeId}/cycles/preset/`, {
    token: s.t.group,
    body: { preset: 'nbr-12962-extinguishers' },
  });
  expect(preset.status).toBe(200);
  const companyId = await addCompany(s.demo.groupId);
  await coreDb().updateTable('companies').set({ tags_limit: 100 }).where('id', '=', companyId).execute();
  return { s, companyId };
}

/**
 * An extinguisher of the company registered by `token`, made a year before `today`, whose recharge
 * (every 12 months) falls due on `dueDay`; its tag's serial.
 */
export async function extinguisherDueOn(
  w: { s: Setup; companyId: number },
  token: string,
  today: string,
  dueDay: string,
): Promise<string> {
  const serial = await createTag({
    groupId: w.s.demo.groupId,
    companyId: w.companyId,
    schema: w.s.demo.schema,
  });
  await register(token, {
    tagSerialNumber: serial,
    productId: w.s.c.productId,
    attributes: [
      { attributeId: w.s.c.attributes.manufacturing, value: addMonths(today, -12) },
      { attributeId: w.s.c.attributes.recharge, value: addMonths(dueDay, -12) },
    ],
  });
  return serial;
}
