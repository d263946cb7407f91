import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb, tenantDb } from '../../src/server/db/database.ts';
import { DEMO_GROUP_SCHEMA } from '../../src/server/seed/demo-users.ts';
import { addHistory, createEquipment, createTag, tagRow, type Where } from '../integration/tags/helpers.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { DEMO, launchBrowser, login, newPage } from './browser.ts';

const demo = () => tenantDb(DEMO_GROUP_SCHEMA);
const mark = randomBytes(3).toString('hex').toUpperCase();

let browser: Browser;
let where: Where;
let product: { id: number; name: string; sku: string };

/** A tag of the company admin's company, as a QR batch leaves it. */
async function tag(enabled = true): Promise<{ id: number; serial: string }> {
  const s = await createTag(where, { enabled });
  return { id: (await tagRow(where.schema, s)).id, serial: s };
}

/** Equipment on a new tag, with one inspection. */
async function equipment(label: string, code: string) {
  const t = await tag();
  const equipmentId = await createEquipment(where, t.serial, product.id, {
    extraLabel: label,
    extraCode: code,
  });
  await addHistory(where, equipmentId, product.id, t.serial);
  return { ...t, equipmentId };
}

async function request(newTagId: number, suggested: number | null, description: string) {
  await demo()
    .insertInto('tag_replacement_requests')
    .values({
      new_tag_id: newTagId,
      company_id: where.companyId,
      suggested_equipment_id: suggested,
      description,
      requested_by: null,
      requested_by_name: 'Otávio Operador',
      completed_equipment_id: null,
      completed_by: null,
      completed_at: null,
    })
    .execute();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await coreDb()
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['c.company_group_id as groupId', 'c.id as companyId'])
    .where('u.email', '=', DEMO.companyAdmin)
    .executeTakeFirstOrThrow();
  where = { ...admin, schema: DEMO_GROUP_SCHEMA };
  product = await demo()
    .selectFrom('products')
    .select(['id', 'name', 'sku'])
    .where('enabled', '=', true)
    .where('is_dv_exclusive', '=', false)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await browser?.close();
});

describe('tags list (/tags)', () => {
  it('an admin toggles a tag and sees the snackbar; the operator sees the state without a toggle', async () => {
    const used = await equipment(`Extintor do hall ${mark}`, `CH-${mark}`);
    const { context, page } = await newPage(browser);
    try {
      await login(page, DEMO.companyAdmin);
      await page.goto(`/#/tags?query=${used.serial}`);
      const row = page.getByRole('row').filter({ hasText: used.serial });
      await row.getByText(`Extintor do hall ${mark}`).waitFor();
      await row.getByText(product.name).waitFor();
      await page
        .getByTestId('used-tags')
        .getByText(/Tags em uso: \d+/)
        .waitFor();
      const toggle = row.getByRole('switch', { name: `Ativar ou desativar a tag ${used.serial}` });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.focus();
      await page.keyboard.press('Space');
      // The toast says which (issue 26 item 18), not "ativada ou desativada".
      await page.getByText(`Tag ${used.serial} desativada`, { exact: true }).waitFor();
      await page.getByText('A tag está desativada.').waitFor();
      await page.waitForFunction(
        (s) =>
          document.querySelector(`[data-testid="toggle-${s}"]`)?.getAttribute('aria-checked') === 'false',
        used.serial,
      );
      const stored = await demo()
        .selectFrom('tags')
        .select('enabled')
        .where('id', '=', used.id)
        .executeTakeFirstOrThrow();
      expect(stored.enabled).toBe(false);

      // The active filter: the disabled tag is among the inactive ones only.
      await page.goto(`/#/tags?query=${used.serial}&active=yes`);
      await page.getByTestId('empty-list').waitFor();
      await page.goto(`/#/tags?query=${used.serial}&active=no`);
      await page.getByRole('row').filter({ hasText: used.serial }).waitFor();
      // A future day is refused on the field and not applied.
      await page.getByTestId('update-to').fill('31/12/2999');
      await page.getByText('A data não pode ser futura').waitFor();
      await page.getByRole('row').filter({ hasText: used.serial }).waitFor();
    } finally {
      await context.close();
    }

    const op = await newPage(browser);
    try {
      await login(op.page, DEMO.operator);
      await op.page.goto(`/#/tags?query=${used.serial}`);
      await op.page.getByTestId(`status-${used.serial}`).getByText('Desativada').waitFor();
      expect(await op.page.getByRole('switch').count()).toBe(0);
    } finally {
      await op.context.close();
    }
  });
});

describe('tag replacement (/tags-replace)', () => {
  it('a request whose old serial matches no tag shows the typed serial to the admin, in the list and the dialog', async () => {
    const fresh = await tag();
    const typed = `QX${mark}77`;
    const operator = trpcClient(await loginAs(DEMO.operator));
    const asked = await operator.tags.requestReplacement.mutate({
      newSerial: fresh.serial,
      oldSerial: typed,
      description: `Etiqueta ilegível ${mark}`,
    });
    expect(asked.updated).toBe(false);
    const { context, page } = await newPage(browser);
    try {
      await login(page, DEMO.companyAdmin);
      await page.goto(`/#/tags-replace?query=${typed}`);
      const row = page.getByRole('row').filter({ hasText: fresh.serial });
      await row.getByText(`Tag antiga: ${typed} (não encontrada)`).waitFor();
      await row.getByText('Sem sugestão').waitFor();
      await page.getByTestId(`open-${fresh.serial}`).click();
      const dialog = page.getByTestId('replace-dialog');
      await dialog.getByTestId('typed-old-serial').getByText(typed).waitFor();
      expect(await dialog.getByTestId('typed-old-serial').textContent()).toBe(
        `Tag antiga informada: ${typed} (não encontrada)`,
      );
      await dialog.getByText(`Etiqueta ilegível ${mark}`).waitFor();
      await dialog.getByTestId('old-equipment-none').waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens a request, chooses an equipment, transfers, sees the success popup; without a choice a warning', async () => {
    const suggested = await equipment(`Extintor da escada ${mark}`, `ES-${mark}`);
    const other = await equipment(`Extintor da garagem ${mark}`, `GA-${mark}`);
    const fresh = await tag();
    await request(fresh.id, suggested.equipmentId, `Etiqueta queimada ${mark}`);
    const lonely = await tag();
    await request(lonely.id, null, `Sem sugestão ${mark}`);

    const { context, page } = await newPage(browser);
    try {
      await login(page, DEMO.groupAdmin);
      await page.goto(`/#/tags-replace?query=${mark}`);
      await page.getByTestId('replace-note').waitFor();
      const row = page.getByRole('row').filter({ hasText: fresh.serial });
      await row.getByText(`Extintor da escada ${mark}`, { exact: false }).waitFor();
      await row.getByText(`Tag antiga: ${suggested.serial}`).waitFor();

      // ── a request without a suggestion: transfer reads disabled; pressing it warns ──
      await page.getByTestId(`open-${lonely.serial}`).click();
      let dialog = page.getByTestId('replace-dialog');
      await dialog.getByTestId('old-equipment-none').waitFor();
      const transfer = dialog.getByTestId('transfer');
      expect(await transfer.getAttribute('aria-disabled')).toBe('true');
      // Pressed anyway (keyboard: it stays focusable), it explains what is missing.
      await transfer.focus();
      await page.keyboard.press('Enter');
      const warning = page.getByTestId('transfer-warning');
      await warning.getByText('Selecione um equipamento para transferir as informações').waitFor();
      await warning.getByRole('button', { name: 'OK' }).click();
      await warning.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // ── the request with a suggestion: preselected, another one chosen, transferred ──
      await row.click();
      dialog = page.getByTestId('replace-dialog');
      expect(await dialog.getAttribute('data-step')).toBe('REPLACE_EQUIPMENT');
      await dialog.getByTestId('new-tag-tag').getByText(fresh.serial).waitFor();
      await dialog.getByTestId('old-equipment-tag').getByText(suggested.serial).waitFor();
      await dialog.getByTestId('old-equipment-label').getByText(`Extintor da escada ${mark}`).waitFor();
      await dialog.getByTestId('old-equipment-code').getByText(`ES-${mark}`).waitFor();
      await dialog.getByTestId('old-equipment-product').getByText(product.name, { exact: false }).waitFor();
      expect(await dialog.getByTestId('transfer').getAttribute('aria-disabled')).toBe('false');

      await dialog.getByTestId('choose-equipment').click();
      await dialog.getByTestId('step-choose').waitFor();
      expect(await dialog.getAttribute('data-step')).toBe('CHOOSE_EQUIPMENT');
      await dialog.getByTestId('chosen-equipment').getByText(suggested.serial).waitFor();
      await dialog.getByTestId('candidates-search').fill(`garagem ${mark.toLowerCase()}`);
      const candidate = dialog.getByTestId(`candidate-${other.serial}`);
      await candidate.waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="candidates"] li').length === 1,
      );
      await candidate.click();
      expect(await candidate.getAttribute('aria-pressed')).toBe('true');
      await dialog.getByTestId('chosen-equipment').getByText(other.serial).waitFor();
      await dialog.getByTestId('back').click();
      await dialog.getByTestId('step-replace').waitFor();
      await dialog.getByTestId('old-equipment-tag').getByText(other.serial).waitFor();

      await dialog.getByTestId('transfer').click();
      const success = page.getByTestId('transfer-success');
      await success.getByText('Informações transferidas com sucesso!').waitFor();
      const shownAt = Date.now();
      await success.waitFor({ state: 'detached', timeout: 10_000 });
      // Shown for 3.5 s, then gone by itself (a little slack for the browser's timers).
      expect(Date.now() - shownAt).toBeGreaterThan(2_500);
      await page.getByTestId('replace-dialog').waitFor({ state: 'detached' });
      // The list refreshed: the completed request left the open ones.
      await page.getByRole('row').filter({ hasText: fresh.serial }).waitFor({ state: 'detached' });

      const moved = await demo()
        .selectFrom('equipment as e')
        .innerJoin('tags as t', 't.id', 'e.tag_id')
        .select(['t.serial_number'])
        .where('e.id', '=', other.equipmentId)
        .executeTakeFirstOrThrow();
      expect(moved.serial_number).toBe(fresh.serial);
      const old = await demo()
        .selectFrom('tags')
        .select(['enabled'])
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow();
      expect(old.enabled).toBe(false);
      const history = await demo()
        .selectFrom('inspections')
        .select('id')
        .where('equipment_id', '=', other.equipmentId)
        .execute();
      expect(history).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
