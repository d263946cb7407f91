/**
 * Issue 30 item 2: the daily due-date digest lists, under each due equipment with cycles, the
 * cycles due or expiring on the day (name, norm, due date) in place of its due date; equipment
 * without cycles keeps its line of dates. Over a fresh tenant (its extinguisher type has the NBR
 * 12962 preset; its lamp type has no cycles), the digest run for the day, the mail read from the
 * outbox the mailer writes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { today } from '../../../src/server/db/days.ts';
import { runDueDigest } from '../../../src/server/domains/notifications/digest.ts';
import type { EquipmentCycle, SavedTypeCycles } from '../../../src/shared/cycles/schemas.ts';
import { addDays, addMonths } from '../../../src/shared/equipment/status.ts';
import { rest } from '../../helpers/api.ts';
import { makeUser } from '../organisations/fixtures.ts';
import {
  inspectedOn,
  type Made,
  makeEquipment,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportTenant,
} from '../reports/helpers.ts';

let tn: ReportTenant;
let cat: ReportCatalogue;
let day: string;
let admin: string;
let ext: Made;
let lamp: Made;

/** "DD/MM/YYYY" of a day. */
const br = (d: string) => d.split('-').reverse().join('/');

beforeAll(async () => {
  tn = await reportTenant();
  cat = await reportCatalogue(tn.tokens.group);
  day = today();
  const preset = await rest<SavedTypeCycles>('POST', `/web/inspection-types/${cat.extType}/cycles/preset/`, {
    token: tn.tokens.group,
    body: { preset: 'nbr-12962-extinguishers' },
  });
  expect(preset.status).toBe(200);
  // Recharge due 3 days ago, hydrostatic test (5 years from manufacturing) due long ago; the
  // periodic inspection never done has no due date.
  ext = await makeEquipment(tn, {
    productId: cat.extinguisherId,
    extraLabel: 'Corredor',
    attributes: [
      { attributeId: cat.attrs.manufacturing, value: '2020-05-05' },
      { attributeId: cat.attrs.recharge, value: addDays(addMonths(day, -12), -3) },
    ],
  });
  lamp = await makeEquipment(tn, { productId: cat.lampId, extraLabel: 'Escada' });
  await inspectedOn(tn, lamp, addDays(day, -100), { schedule: 90, notice: 5 });
  admin = (await makeUser({ role: 'COMPANY_ADMIN', groupId: tn.groupId, companyId: tn.companyA })).email;
});

async function cyclesOf(serial: string): Promise<EquipmentCycle[]> {
  const r = await rest<{ cycles: EquipmentCycle[] }>('GET', `/web/equipments/${serial}/`, {
    token: tn.tokens.group,
  });
  expect(r.status).toBe(200);
  return r.json.data!.cycles;
}

describe('due-date digest by cycle', () => {
  it('lists each due cycle (name, norm, due date) under its equipment; equipment without cycles keeps its dates', async () => {
    const cycles = await cyclesOf(ext.serial);
    const due = cycles.filter((c) => c.status === 'EXPIRED' || c.status === 'EXPIRING');
    expect(due.map((c) => [c.code, c.status])).toEqual([
      ['recharge', 'EXPIRED'],
      ['hydrostatic-test', 'EXPIRED'],
    ]);
    expect(cycles.find((c) => c.code === 'inspection')!.status).toBe('NA');

    const summary = await runDueDigest({ day, companyGroupIds: [tn.groupId] });
    expect(summary.failedCompanies).toBe(0);
    const mails = await coreDb()
      .selectFrom('email_outbox')
      .select(['text_body', 'html_body'])
      .where('to_address', '=', admin)
      .execute();
    expect(mails).toHaveLength(1);
    const lines = mails[0]!.text_body.split('\n');

    const at = lines.findIndex((l) => l.includes(`tag ${ext.serial}`));
    expect(lines[at]).toBe(
      `- ${cat.names.extinguisher.name} (${cat.names.extinguisher.sku}) — tag ${ext.serial}, Corredor:`,
    );
    const expected = due.map((c) => {
      const ago = -(c.daysToExpire ?? 0);
      return `  - ${c.name} (ABNT NBR 12962): vencida em ${br(c.dueDate!)} (há ${ago} ${ago === 1 ? 'dia' : 'dias'})`;
    });
    expect(lines.slice(at + 1, at + 1 + due.length)).toEqual(expected);
    expect(lines[at + 1 + due.length]).not.toMatch(/^ {2}- /);
    expect(lines[at]).not.toContain('validade');
    for (const c of expected) expect(mails[0]!.html_body).toContain(`<li>${c.slice(4)}</li>`);

    const lampLine = lines.find((l) => l.includes(`tag ${lamp.serial}`))!;
    expect(lampLine).toContain(
      `— tag ${lamp.serial}, Escada: próxima inspeção vencida em ${br(addDays(day, -10))}`,
    );
    expect(lines[lines.indexOf(lampLine) + 1]).not.toMatch(/^ {2}- /);
  });
});
