/**
 * The equipment dialog (seed 001 "Equipment dialog") opened from /tags by the demo company admin:
 * the general tab shows what `equipment.get` holds, the inspections tab the inspections of
 * `equipment.inspections` (responsible, São Paulo date and time, an OpenStreetMap link or the
 * no-location text), the modifications tab the creation snapshot. Tabs are reached with the arrow
 * keys. The seeded equipment is only read; the second test registers its own.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coreDb, tenantDb } from '../../src/server/db/database.ts';
import { DEMO_GROUP_SCHEMA } from '../../src/server/seed/demo-users.ts';
import { formatDateTime } from '../../src/shared/dates.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();
const demo = () => tenantDb(DEMO_GROUP_SCHEMA);

/** The company admin's company. */
async function adminCompany(): Promise<{ groupId: number; companyId: number }> {
  return coreDb()
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['c.company_group_id as groupId', 'c.id as companyId'])
    .where('u.email', '=', DEMO.companyAdmin)
    .executeTakeFirstOrThrow();
}

/** Finds the tag on /tags and opens its equipment dialog with the row's detail button. */
async function openDialog(page: Page, serial: string) {
  await page.goto(`/#/tags?query=${serial}`);
  const row = page.getByRole('row').filter({ hasText: serial });
  const details = row.getByRole('button', { name: `Detalhes do equipamento da tag ${serial}` });
  await details.click();
  const dialog = page.getByTestId('equipment-dialog');
  await dialog.waitFor();
  return { dialog, details };
}

/**
 * ArrowRight on the focused tab activates the next one (a key is held a moment, as a person does:
 * Radix moves the focus after the keydown).
 */
async function arrowTo(page: Page, tab: string): Promise<void> {
  await page.keyboard.down('ArrowRight');
  await page.locator(`[data-testid="equipment-tab-${tab}"][data-state="active"]`).waitFor();
  await page.keyboard.up('ArrowRight');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
    `equipment-tab-${tab}`,
  );
}

describe('equipment dialog (/tags)', () => {
  it('a seeded equipment: general information, its inspections with responsible and map link, its creation', async () => {
    const { companyId } = await adminCompany();
    // A seeded equipment of the admin's company with more than one page of inspections.
    const seeded = await demo()
      .selectFrom('equipment as e')
      .innerJoin('tags as t', 't.id', 'e.tag_id')
      .select(['t.serial_number as serial', 'e.id'])
      .where('e.company_id', '=', companyId)
      .where(
        (eb) =>
          eb
            .selectFrom('inspections as i')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('i.equipment_id', '=', 'e.id'),
        '>',
        10,
      )
      .orderBy('e.id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const equipment = await api.equipment.get.query({ tag: seeded.serial });
    const inspections = await api.equipment.inspections.query({ tag: seeded.serial, pageSize: 10 });
    const snapshots = await api.equipment.snapshots.query({ tag: seeded.serial, pageSize: 10 });
    expect(inspections.total).toBeGreaterThan(10);
    const created = snapshots.items.find((s) => s.kind === 'CREATED');
    expect(created).toBeDefined();

    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    const { dialog, details } = await openDialog(page, seeded.serial);

    // ── general information ──
    const general = dialog.getByTestId('equipment-general');
    expect(await general.getByTestId('equipment-tag').textContent()).toBe(equipment.tagSerialNumber);
    expect(await general.getByTestId('equipment-product-name').textContent()).toBe(equipment.product.name);
    expect(await general.getByTestId('equipment-product-sku').textContent()).toBe(equipment.product.sku);
    expect(await general.getByTestId('equipment-extra-label').textContent()).toBe(
      equipment.extraLabel ?? '—',
    );
    expect(await general.getByTestId('equipment-extra-code').textContent()).toBe(equipment.extraCode ?? '—');
    expect(await general.getByTestId('equipment-status').getAttribute('data-status')).toBe(equipment.status);
    for (const a of equipment.inspectionTypeAttribute)
      await general.getByTestId('attribute-values').getByText(a.attribute, { exact: true }).waitFor();

    // ── inspections, reached with the arrow key from the focused tab ──
    await dialog.getByTestId('equipment-tab-general').focus();
    await arrowTo(page, 'records');
    const list = dialog.getByTestId('history-inspections');
    await list.waitFor();
    const records = list.getByTestId('record');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="history-inspections"] [data-testid="record"]').length === 10,
    );
    for (const [i, r] of inspections.items.entries()) {
      const card = records.nth(i);
      expect(await card.getByTestId('record-date').textContent()).toBe(formatDateTime(r.createdAt));
      expect(await card.getByTestId('record-by').textContent()).toBe(
        `Responsável: ${r.userName ?? 'Usuário removido'}`,
      );
      if (r.latitude !== null && r.longitude !== null) {
        const link = card.getByRole('link', { name: /Abrir mapa/ });
        expect(await link.getAttribute('href')).toBe(
          `https://www.openstreetmap.org/?mlat=${r.latitude}&mlon=${r.longitude}#map=18/${r.latitude}/${r.longitude}`,
        );
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toContain('noopener');
        expect(await card.getByTestId('location-coordinates').textContent()).toBe(
          `${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`,
        );
      } else {
        await card.getByText('Inspeção sem localização.').waitFor();
      }
    }
    // No download buttons unless a screen gives them.
    expect(await list.getByTestId('record-actions').count()).toBe(0);
    // Older inspections: the next page.
    const pages = Math.ceil(inspections.total / 10);
    await list.getByText(`Página 1 de ${pages}`).waitFor();
    await list.getByTestId('history-inspections-older').click();
    await list.getByText(`Página 2 de ${pages}`).waitFor();
    const second = await api.equipment.inspections.query({ tag: seeded.serial, page: 1, pageSize: 10 });
    await page.waitForFunction(
      (text) =>
        document.querySelector('[data-testid="history-inspections"] [data-testid="record-date"]')
          ?.textContent === text,
      formatDateTime(second.items[0]!.createdAt),
    );

    // ── modifications ──
    await dialog.getByTestId('equipment-tab-records').focus();
    await arrowTo(page, 'snapshots');
    const mods = dialog.getByTestId('history-snapshots');
    await mods.waitFor();
    const creation = mods.getByTestId('record').filter({ hasText: 'Cadastro' });
    await creation.getByText(created!.productName).waitFor();
    expect(await creation.getByTestId('record-date').textContent()).toBe(
      formatDateTime(created!.transaction),
    );
    if (created!.extraLabel) await creation.getByText(created!.extraLabel).waitFor();
    if (created!.extraCode) await creation.getByText(created!.extraCode).waitFor();

    // Escape closes it and gives the focus back to the row's button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (s) => document.activeElement?.getAttribute('data-testid') === `details-${s}`,
      seeded.serial,
    );
    expect(await details.isVisible()).toBe(true);
  });

  it('equipment of its own: an inspection without location says so; unused tags have no detail button', async () => {
    const { groupId, companyId } = await adminCompany();
    const mark = randomBytes(3).toString('hex').toUpperCase();
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const product = await demo()
      .selectFrom('products')
      .select(['id', 'name'])
      .where('enabled', '=', true)
      .where('is_dv_exclusive', '=', false)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const serials: string[] = [];
    for (let i = 0; i < 2; i++) {
      const serial = `EQD${mark}${i}`;
      await coreDb()
        .insertInto('tag_registry')
        .values({ serial, company_group_id: groupId, company_id: companyId, job_id: null, batch_index: null })
        .execute();
      await demo()
        .insertInto('tags')
        .values({
          serial_number: serial,
          company_id: companyId,
          enabled: true,
          job_id: null,
          batch_index: null,
          activated_at: null,
        })
        .execute();
      serials.push(serial);
    }
    const [used, unused] = serials as [string, string];
    const registered = await api.equipment.register.mutate({
      tagSerialNumber: used,
      productId: product.id,
      extraLabel: `Almoxarifado ${mark}`,
      extraCode: `AX-${mark}`,
    });
    await demo()
      .insertInto('inspections')
      .values({
        equipment_id: registered.id,
        company_id: companyId,
        product_id: product.id,
        user_id: null,
        user_name: `Inspetor sem GPS ${mark}`,
        user_email: null,
        latitude: null,
        longitude: null,
        accuracy: null,
        answers: JSON.stringify([]),
        attributes: JSON.stringify([]),
      })
      .execute();

    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await page.goto(`/#/tags?query=EQD${mark}`);
    await page.getByRole('row').filter({ hasText: unused }).waitFor();
    expect(await page.getByTestId(`details-${unused}`).count()).toBe(0);
    const { dialog } = await openDialog(page, used);
    await dialog.getByTestId('equipment-extra-label').getByText(`Almoxarifado ${mark}`).waitFor();
    await dialog.getByTestId('equipment-extra-code').getByText(`AX-${mark}`).waitFor();
    await dialog.getByTestId('equipment-tab-records').click();
    const record = dialog.getByTestId('history-inspections').getByTestId('record');
    await record.getByText(`Responsável: Inspetor sem GPS ${mark}`).waitFor();
    await record.getByTestId('no-location').getByText('Inspeção sem localização.').waitFor();
    expect(await record.getByRole('link').count()).toBe(0);
    await dialog.getByTestId('equipment-tab-snapshots').click();
    const creation = dialog.getByTestId('history-snapshots').getByTestId('record');
    await creation.getByText('Cadastro').waitFor();
    await creation.getByText(`Almoxarifado ${mark}`).waitFor();
    await creation.getByText(product.name, { exact: false }).waitFor();
  });
});
