/**
 * The technician's day without signal (issue 30 item 4), in Chromium at phone size: the company
 * admin plans a visit of today for the operator, whose phone prepares its working set (which
 * carries the operator's visits and every equipment's cycles) and goes offline. /my-day shows the
 * visit from the phone's copy, with the "offline — as of" hint, its equipment in the same walking
 * order as the online read; tapping an equipment opens its offline tag page, whose maintenance form
 * offers the equipment's cycles. A maintenance with "recarga" ticked waits on the phone, is sent
 * when the signal is back, and the database's `equipment_cycles` row has the cycle done today.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../src/server/db/database.ts';
import { DEFAULT_TIME_ZONE } from '../../src/shared/dates.ts';
import { addDays, addMonths, todayIn } from '../../src/shared/equipment/status.ts';
import { nearestNeighbourOrder } from '../../src/shared/visits/route.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { type Catalogue, createTag, demoDb, uid } from '../integration/equipment/helpers.ts';
import { DEMO, login, waitForHash } from './browser.ts';
import { controlledByWorker, type PhoneFixture, prepare, sendQueued, setUpPhones } from './phone.ts';

const { phone, ready } = setUpPhones();
let demo: PhoneFixture['demo'];
let c: Catalogue;
const today = todayIn(DEFAULT_TIME_ZONE);

beforeAll(async () => {
  ({ demo, c } = ready());
  const groupAdmin = trpcClient(await loginAs(DEMO.groupAdmin));
  await groupAdmin.catalogue.cycles.applyPreset.mutate({ id: c.typeId, preset: 'nbr-12962-extinguishers' });
});

/** An extinguisher of the demo company whose recharge fell due a month ago, at a reference location. */
async function dueExtinguisher(api: ReturnType<typeof trpcClient>, at: { lat: number; lng: number }) {
  const serial = await createTag(demo);
  const made = await api.equipment.register.mutate({
    tagSerialNumber: serial,
    productId: c.productId,
    attributes: [
      { attributeId: c.attributes.manufacturing, value: addMonths(today, -24) },
      { attributeId: c.attributes.recharge, value: addDays(addMonths(today, -12), -30) },
    ],
  });
  await api.equipment.setReferenceLocation.mutate({ tag: serial, latitude: at.lat, longitude: at.lng });
  return { serial, id: made.id };
}

describe('/my-day without signal', () => {
  it('shows the visit and its equipment in walking order; a maintenance with a cycle ticked offline syncs it', async () => {
    const admin = trpcClient(await loginAs(DEMO.companyAdmin));
    const operator = await coreDb()
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO.operator)
      .executeTakeFirstOrThrow();
    const far = await dueExtinguisher(admin, { lat: -23.5, lng: -46.5 });
    const near = await dueExtinguisher(admin, { lat: -23.5001, lng: -46.5001 });
    const plan = await admin.visits.plans.create.mutate({
      companyId: demo.companyId,
      name: `E2E dia offline ${uid()}`,
      intervalValue: 12,
      intervalUnit: 'WEEKS',
      firstDate: today,
      technicianId: operator.id,
      active: true,
      horizonDays: 7,
    });
    const [visit] = (await admin.visits.list.query({ planId: plan.id, pageSize: 10 })).items;
    expect(visit?.date).toBe(today);

    const { page, context } = await phone();
    await login(page, DEMO.operator);
    await controlledByWorker(page);
    await prepare(page);
    // The online read the phone's copy must match: the same equipment, the same walk.
    const detail = await trpcClient(await loginAs(DEMO.operator)).visits.get.query({
      id: visit!.id,
      pageSize: 1000,
      sort: 'tag',
    });
    const expected = nearestNeighbourOrder(
      detail.equipment.items.map((e) => ({ item: e.tagSerialNumber, location: e.location })),
    );
    expect(expected).toEqual(expect.arrayContaining([far.serial, near.serial]));

    await context.setOffline(true);
    await page.getByTestId('offline-banner').getByText('Sem conexão').waitFor();
    await page.goto('/#/my-day');
    const hint = page.getByTestId('my-day-offline');
    await hint.waitFor();
    expect(await hint.textContent()).toMatch(
      /^Sem conexão: visitas baixadas para o aparelho em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/,
    );
    const card = page.getByTestId(`my-day-visit-${visit!.id}`);
    await card.waitFor();
    await expect
      .poll(() =>
        card.locator('li[data-serial]').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-serial'))),
      )
      .toEqual(expected);

    // Tapping an equipment opens its offline tag page; the maintenance form offers its cycles.
    await card.locator(`li[data-serial="${near.serial}"]`).getByRole('link', { name: near.serial }).click();
    await waitForHash(page, `/t/${near.serial}`);
    await page.locator('[data-testid="tag-card"][data-source="offline"]').waitFor();
    await page.getByTestId('field-action-maintain').click();
    const form = page.getByTestId('maintain-form');
    await form.waitFor();
    const offered = await form
      .getByTestId('maintain-cycle')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
    expect(offered).toEqual(['recharge', 'hydrostatic-test']);
    await page.getByTestId('answer-0-YES').click();
    await page.getByTestId('answer-1-text').fill('Recarga feita sem sinal');
    await form
      .locator('[data-testid="maintain-cycle"][data-code="recharge"]')
      .getByTestId('maintain-cycle-check')
      .click();
    await page.getByTestId('maintain-submit').click();
    await page.getByTestId('field-success').getByText('Salvo no aparelho: aguardando envio.').waitFor();
    await page.getByTestId('offline-banner').getByText('1 registro aguardando envio').waitFor();

    const recharge = () =>
      demoDb()
        .selectFrom('equipment_cycles')
        .select(['last_done_at', 'record_done_at', 'due_date'])
        .where('equipment_id', '=', near.id)
        .where('cycle_code', '=', 'recharge')
        .executeTakeFirstOrThrow();
    expect((await recharge()).record_done_at).toBeNull();

    await context.setOffline(false);
    await sendQueued(page);
    const maintenances = await demoDb()
      .selectFrom('maintenances')
      .select('cycles')
      .where('equipment_id', '=', near.id)
      .execute();
    expect(maintenances.map((m) => m.cycles)).toEqual([['recharge']]);
    expect(await recharge()).toEqual({
      last_done_at: today,
      record_done_at: today,
      due_date: addMonths(today, 12),
    });
  }, 180_000);
});
