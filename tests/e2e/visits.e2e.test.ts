/**
 * The visits calendar in Chromium (issue 30 item 4), as the demo company admin: a plan created
 * through the API generates a visit; /visits' week view shows it as a chip on its day; dragging the
 * chip to another day reschedules it (the database has the new day); the keyboard path (the chip's
 * reschedule button, Enter, the dialog's date, Enter on save) does the same. /my-day lists the
 * technician's visit of today with its equipment in the nearest-neighbour order.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../src/server/db/database.ts';
import { addDays } from '../../src/shared/equipment/status.ts';
import { nearestNeighbourOrder } from '../../src/shared/visits/route.ts';
import { weekdayOf } from '../../src/client/features/visits/calendar-days.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { dayNow, onOneDay } from '../helpers/days.ts';
import { demoDb, uid } from '../integration/equipment/helpers.ts';
import { DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

let api: ReturnType<typeof trpcClient>;
let companyId: number;
let technicianId: number;

beforeAll(async () => {
  api = trpcClient(await loginAs(DEMO.companyAdmin));
  // the company admin plans for its own company and is its technician (an eligible one)
  const me = await coreDb()
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('email', '=', DEMO.companyAdmin)
    .executeTakeFirstOrThrow();
  companyId = me.company_id as number;
  technicianId = me.id;
});

/**
 * A plan whose only visit within its horizon falls `inDays` from `today` (default: the day now —
 * a test about today's visit passes the day `onOneDay` captured); that visit.
 */
async function planVisit(inDays: number, today = dayNow()): Promise<{ id: number; date: string }> {
  const firstDate = addDays(today, inDays);
  const plan = await api.visits.plans.create.mutate({
    companyId,
    name: `E2E visits ${uid()}`,
    intervalValue: 12,
    intervalUnit: 'WEEKS',
    firstDate,
    technicianId,
    active: true,
    horizonDays: inDays + 7,
  });
  const visits = await api.visits.list.query({ planId: plan.id, pageSize: 10 });
  expect(visits.items.map((v) => v.date)).toEqual([firstDate]);
  return { id: (visits.items[0] as { id: number }).id, date: firstDate };
}

/** Another day of the same week (Sunday to Saturday), so the week view shows both. */
const sameWeekOther = (day: string) => addDays(day, weekdayOf(day) < 6 ? 1 : -1);

const storedVisit = (id: number) =>
  demoDb()
    .selectFrom('visits')
    .select(['closed_status', 'missing_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const storedDate = async (id: number) =>
  (await demoDb().selectFrom('visits').select('date').where('id', '=', id).executeTakeFirstOrThrow()).date;

async function openWeek(day: string): Promise<Page> {
  const page = await fresh();
  await login(page, DEMO.companyAdmin);
  await page.goto(`/#/visits?view=week&date=${day}`);
  await page.getByTestId('visits-grid').waitFor();
  return page;
}

describe('/visits', () => {
  it('drags a visit to another day of the week: the database has the new day', async () => {
    const visit = await planVisit(15);
    const target = sameWeekOther(visit.date);
    const page = await openWeek(visit.date);
    const chip = page.getByTestId(`visit-chip-${visit.id}`);
    await page.getByTestId(`visits-day-${visit.date}`).getByTestId(`visit-chip-${visit.id}`).waitFor();
    expect(await chip.getAttribute('data-status')).toBe('SCHEDULED');

    await chip.dragTo(page.getByTestId(`visits-day-${target}`));

    await expect.poll(() => storedDate(visit.id), { timeout: 10_000 }).toBe(target);
    // the chip moved to its new day
    await page.getByTestId(`visits-day-${target}`).getByTestId(`visit-chip-${visit.id}`).waitFor();
    const manual = await demoDb()
      .selectFrom('visits')
      .select('manual')
      .where('id', '=', visit.id)
      .executeTakeFirstOrThrow();
    expect(manual.manual).toBe(true);
  });

  it('reschedules with the keyboard: the chip’s button, Enter, the date, Enter on save', async () => {
    const visit = await planVisit(16);
    const target = sameWeekOther(visit.date);
    const page = await openWeek(visit.date);
    const move = page.getByTestId(`visit-move-${visit.id}`);
    await move.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('visit-move-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('visit-move-date').inputValue()).toBe(visit.date);
    await dialog.getByTestId('visit-move-date').fill(target);
    await dialog.getByTestId('visit-move-save').press('Enter');
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => storedDate(visit.id), { timeout: 10_000 }).toBe(target);
    await page.getByTestId(`visits-day-${target}`).getByTestId(`visit-chip-${visit.id}`).waitFor();
  });

  it('a chip opens the visit and the month view keeps view and day in the URL', async () => {
    const visit = await planVisit(17);
    const page = await openWeek(visit.date);
    await page.getByTestId(`visit-open-${visit.id}`).click();
    const dialog = page.getByTestId('visit-dialog');
    await dialog.getByTestId('visit-status').waitFor();
    expect(await dialog.getByTestId('visit-status').getAttribute('data-status')).toBe('SCHEDULED');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('visits-view-month').click();
    await page.waitForFunction(() => location.hash.includes('view=month'));
    expect(await page.getByTestId(`visits-day-${visit.date}`).count()).toBe(1);
    expect(await page.locator('[data-testid^="visits-day-"]').count()).toBeGreaterThanOrEqual(28);
  });

  it('/my-day: the signed-in technician’s visit of today, its equipment in walking order', async () => {
    // /my-day shows the server's today: planned and checked again if São Paulo midnight passed.
    await onOneDay(async (today) => {
      const visit = await planVisit(0, today);
      const detail = await api.visits.get.query({ id: visit.id, pageSize: 1000, sort: 'tag' });
      const expected = nearestNeighbourOrder(
        detail.equipment.items.map((e) => ({ item: e.tagSerialNumber, location: e.location })),
      );
      const page = await fresh();
      await login(page, DEMO.companyAdmin);
      await page.goto('/#/my-day');
      const card = page.getByTestId(`my-day-visit-${visit.id}`);
      await card.waitFor();
      await expect
        .poll(
          () =>
            card
              .locator('li[data-serial]')
              .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-serial'))),
          { timeout: 10_000 },
        )
        .toEqual(expected);
    });
  });

  it('/my-day: "Concluir visita" with the keyboard, confirmed, closes it PARTIAL with the count still due', async () => {
    await onOneDay(async (today) => {
      const visit = await planVisit(0, today);
      const due = (await api.visits.get.query({ id: visit.id, pageSize: 10 })).equipment.total;
      // the demo company always has equipment due (recharges over a year old)
      expect(due).toBeGreaterThan(0);
      const page = await fresh();
      await login(page, DEMO.companyAdmin);
      await page.goto('/#/my-day');
      const card = page.getByTestId(`my-day-visit-${visit.id}`);
      await card.locator('li[data-serial]').first().waitFor();
      const finish = card.getByTestId(`my-day-finish-${visit.id}`);
      await expect.poll(() => finish.isEnabled(), { timeout: 10_000 }).toBe(true);
      await finish.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('my-day-finish-dialog');
      await dialog.waitFor();
      const outcome = dialog.getByTestId('my-day-finish-outcome');
      expect(await outcome.getAttribute('data-missing')).toBe(String(due));
      expect(await outcome.textContent()).toContain(`${due} equipamento`);
      expect(await outcome.textContent()).toContain('Parcial');
      // Escape first: nothing is closed
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect((await storedVisit(visit.id)).closed_status).toBeNull();
      await finish.focus();
      await page.keyboard.press('Enter');
      await dialog.getByTestId('my-day-finish-confirm').focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(
          async () => {
            const v = await storedVisit(visit.id);
            return [v.closed_status, v.missing_count];
          },
          { timeout: 10_000 },
        )
        .toEqual(['PARTIAL', due]);
      // the card shows the new status and no button
      await finish.waitFor({ state: 'detached' });
      expect(await card.textContent()).toContain('Parcial');
    });
  });
});
