/**
 * Maintenance cycles in the browser (issue 30 item 1): the group admin applies the NBR 12962 preset
 * to a subcategory from its "Ciclos" dialog (each preset shows its norm and cycles first), edits
 * the list from the keyboard (move, warning days, a new cycle whose repeated code is refused on
 * its row) and saves it — the stored rows are read back. Then equipment of that subcategory shows
 * each cycle's last done day, next due day and status in the equipment dialog, and a maintenance
 * recorded on the tag page with "recarga" ticked under "Ciclos cumpridos" moves that cycle (and
 * only it) to today. A product given "Ciclos próprios" starts from a copy of the subcategory's list
 * and saves its own rows, the subcategory's untouched. A maintenance whose POST is lost waits in the
 * phone's queue with its cycles and sends them (a third-level one also fulfils the second level).
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/dates.ts';
import { addMonths, todayIn } from '../../src/shared/equipment/status.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import {
  type Catalogue,
  createTag,
  demoCompany,
  demoDb,
  extinguisherCatalogue,
} from '../integration/equipment/helpers.ts';
import { DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();
const SAO_PAULO = 'America/Sao_Paulo';

let c: Catalogue;
let demo: Awaited<ReturnType<typeof demoCompany>>;
let typeName: string;

beforeAll(async () => {
  demo = await demoCompany();
  c = await extinguisherCatalogue(await loginAs(DEMO.groupAdmin), await loginAs(DEMO.admin));
  typeName = (
    await demoDb()
      .selectFrom('inspection_types')
      .select('name')
      .where('id', '=', c.typeId)
      .executeTakeFirstOrThrow()
  ).name;
});

/** The codes of the cycle cards, in order. */
async function cardCodes(page: Page): Promise<(string | null)[]> {
  return page
    .getByTestId('cycles-dialog')
    .getByTestId('cycle-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
}

/** The subcategory's stored list, in order. */
function storedCycles() {
  return demoDb()
    .selectFrom('maintenance_cycles')
    .select([
      'code',
      'name',
      'norm',
      'interval_value',
      'interval_unit',
      'done_by',
      'maintenance_level',
      'start_from',
      'warning_days',
      'done_attributes',
    ])
    .where('inspection_type_id', '=', c.typeId)
    .where('product_id', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

describe('maintenance cycles (issue 30)', () => {
  it('a subcategory: the NBR 12962 preset applied in one click, the list edited from the keyboard and saved', async () => {
    const page = await fresh();
    await login(page, DEMO.groupAdmin);
    await page.goto(`/#/subcategories?query=${encodeURIComponent(typeName)}`);
    const row = page.getByRole('row').filter({ hasText: typeName });
    await row.getByRole('button', { name: `Ciclos de manutenção de ${typeName}` }).click();
    const dialog = page.getByTestId('cycles-dialog');
    await dialog.getByTestId('cycles-empty').waitFor();

    // ── the presets: each with its norm and cycles before applying ──
    await dialog.getByTestId('cycles-presets').click();
    const preset = dialog.locator('[data-testid="cycle-preset"][data-preset="nbr-12962-extinguishers"]');
    await preset.getByText('Extintores (NBR 12962)').waitFor();
    await preset.getByText('ABNT NBR 12962', { exact: true }).waitFor();
    await preset.getByText('Inspeção periódica').waitFor();
    await preset.getByText('Manutenção de 2º nível (recarga)').waitFor();
    await preset.getByText('Manutenção de 3º nível (ensaio hidrostático)').waitFor();
    await preset.getByText(/a cada 60 meses · Uma manutenção \(3º nível\) · desde a fabricação/).waitFor();
    expect(await dialog.locator('[data-testid="cycle-preset"][data-preset="nbr-12779-hoses"]').count()).toBe(
      1,
    );
    await preset.getByRole('button', { name: 'Aplicar o modelo Extintores (NBR 12962)' }).click();
    await page.getByText('Modelo Extintores (NBR 12962) aplicado').waitFor();
    await dialog.getByTestId('cycle-row').nth(2).waitFor();
    expect(await cardCodes(page)).toEqual(['inspection', 'recharge', 'hydrostatic-test']);
    const recharge = dialog.locator('[data-testid="cycle-row"][data-code="recharge"]');
    expect(await recharge.getByTestId('cycle-summary').textContent()).toBe(
      'a cada 12 meses · Uma manutenção (2º nível) · desde a última vez · aviso do produto',
    );
    // Applied means saved: the preset's rows are stored as they are.
    expect(await storedCycles()).toEqual([
      {
        code: 'inspection',
        name: 'Inspeção periódica',
        norm: 'ABNT NBR 12962',
        interval_value: 12,
        interval_unit: 'MONTHS',
        done_by: 'INSPECTION',
        maintenance_level: null,
        start_from: 'LAST_DONE',
        warning_days: null,
        done_attributes: [],
      },
      {
        code: 'recharge',
        name: 'Manutenção de 2º nível (recarga)',
        norm: 'ABNT NBR 12962',
        interval_value: 12,
        interval_unit: 'MONTHS',
        done_by: 'MAINTENANCE',
        maintenance_level: 2,
        start_from: 'LAST_DONE',
        warning_days: null,
        done_attributes: ['recarga'],
      },
      {
        code: 'hydrostatic-test',
        name: 'Manutenção de 3º nível (ensaio hidrostático)',
        norm: 'ABNT NBR 12962',
        interval_value: 60,
        interval_unit: 'MONTHS',
        done_by: 'MAINTENANCE',
        maintenance_level: 3,
        start_from: 'MANUFACTURING',
        warning_days: null,
        done_attributes: ['hidrostatic', 'reteste', 'ensaio'],
      },
    ]);

    // ── edits, from the keyboard: the hydrostatic test up, 30 warning days on the inspection ──
    await dialog.getByRole('button', { name: 'Subir Manutenção de 3º nível (ensaio hidrostático)' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="cycle-row"]')[1]?.getAttribute('data-code') ===
        'hydrostatic-test',
    );
    await dialog.getByRole('button', { name: 'Editar Inspeção periódica' }).focus();
    await page.keyboard.press('Enter');
    const inspection = dialog.locator('[data-testid="cycle-row"][data-code="inspection"]');
    await inspection.getByTestId('cycle-warning').fill('30');
    await inspection.getByTestId('cycle-summary').getByText('aviso 30 dias antes').waitFor();

    // ── a new cycle: its code follows the name; a repeated code is marked on its row ──
    await dialog.getByTestId('cycle-add').click();
    const added = dialog.getByTestId('cycle-row').nth(3);
    await added.getByTestId('cycle-name-input').fill('Teste de vazamento');
    await added.getByTestId('cycle-name-input').press('Tab');
    expect(await added.getByTestId('cycle-code').inputValue()).toBe('teste-de-vazamento');
    await added.getByTestId('cycle-code').fill('recharge');
    await added.getByTestId('cycle-interval').fill('6');
    await dialog.getByTestId('save').click();
    await added.getByText('Valor repetido nesta lista.').waitFor();
    expect(await storedCycles()).toHaveLength(3);
    await added.getByTestId('cycle-code').fill('leak-test');
    await added.getByTestId('cycle-unit').click();
    await page.getByRole('option', { name: 'dias', exact: true }).click();
    await added.getByTestId('cycle-interval').fill('180');
    // Done by an inspection answer: the cylinder question answered "Amassado".
    await added.getByTestId('cycle-done-by').click();
    await page.getByRole('option', { name: 'Uma resposta de inspeção', exact: true }).click();
    await added.getByTestId('cycle-question').click();
    await page.getByRole('option', { name: c.names.cylinder, exact: true }).click();
    await added.getByTestId('cycle-answer').click();
    await page.getByRole('option', { name: 'Amassado', exact: true }).click();
    await dialog.getByTestId('save').click();
    await dialog.waitFor({ state: 'detached' });

    const saved = await storedCycles();
    expect(saved.map((s) => s.code)).toEqual(['inspection', 'hydrostatic-test', 'recharge', 'leak-test']);
    expect(saved[0]!.warning_days).toBe(30);
    expect(saved[3]).toMatchObject({
      name: 'Teste de vazamento',
      interval_value: 180,
      interval_unit: 'DAYS',
      done_by: 'ANSWER',
      start_from: 'LAST_DONE',
    });
    const answer = await demoDb()
      .selectFrom('maintenance_cycles')
      .select(['question_id', 'answer'])
      .where('inspection_type_id', '=', c.typeId)
      .where('code', '=', 'leak-test')
      .executeTakeFirstOrThrow();
    expect(answer).toEqual({ question_id: c.questions.cylinder, answer: 'AMASSADO' });

    // Opened again, it shows the saved list.
    await row.getByRole('button', { name: `Ciclos de manutenção de ${typeName}` }).click();
    await page.getByTestId('cycles-dialog').getByTestId('cycle-row').nth(3).waitFor();
    expect(await cardCodes(page)).toEqual(['inspection', 'hydrostatic-test', 'recharge', 'leak-test']);
    // The stored answer is shown as the custom answer it names.
    const reopened = page
      .getByTestId('cycles-dialog')
      .locator('[data-testid="cycle-row"][data-code="leak-test"]');
    await reopened.getByRole('button', { name: 'Editar Teste de vazamento' }).click();
    expect(await reopened.getByTestId('cycle-answer').textContent()).toBe('Amassado');
    expect(await reopened.getByTestId('cycle-question').textContent()).toBe(c.names.cylinder);
  });

  it("equipment: each cycle's dates and status in the dialog; a maintenance with a cycle ticked moves that cycle", async () => {
    // The subcategory's cycles (the first test's list, set here so this test stands alone).
    const admin = trpcClient(await loginAs(DEMO.groupAdmin));
    await admin.catalogue.cycles.applyPreset.mutate({ id: c.typeId, preset: 'nbr-12962-extinguishers' });
    const company = trpcClient(await loginAs(DEMO.companyAdmin));
    const serial = await createTag(demo);
    await company.equipment.register.mutate({
      tagSerialNumber: serial,
      productId: c.productId,
      attributes: [
        { attributeId: c.attributes.manufacturing, value: '2022-03-10' },
        { attributeId: c.attributes.recharge, value: '2025-06-01' },
      ],
    });
    const before = await company.equipment.get.query({ tag: serial });
    const byCode = (cycles: typeof before.cycles) => new Map(cycles.map((x) => [x.code, x]));
    const b = byCode(before.cycles);
    // The dates the rules give: recharge from the typed recharge day, the hydrostatic test from
    // the manufacturing day, the periodic inspection never done.
    expect(b.get('recharge')).toMatchObject({ lastDoneAt: '2025-06-01', dueDate: '2026-06-01' });
    expect(b.get('hydrostatic-test')).toMatchObject({ lastDoneAt: null, dueDate: '2027-03-10' });
    expect(b.get('inspection')).toMatchObject({ lastDoneAt: null, dueDate: null, status: 'NA' });

    // ── the equipment dialog (/tags) ──
    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await page.goto(`/#/tags?query=${serial}`);
    await page
      .getByRole('row')
      .filter({ hasText: serial })
      .getByRole('button', { name: `Detalhes do equipamento da tag ${serial}` })
      .click();
    const dialog = page.getByTestId('equipment-dialog');
    const cycles = dialog.getByTestId('equipment-cycles');
    await cycles.getByText('Ciclos', { exact: true }).waitFor();
    for (const cycle of before.cycles) {
      const card = cycles.locator(`[data-testid="equipment-cycle"][data-code="${cycle.code}"]`);
      expect(await card.getByTestId('equipment-cycle-name').textContent()).toBe(cycle.name);
      expect(await card.getByTestId('equipment-cycle-last-done').textContent()).toBe(
        formatDate(cycle.lastDoneAt),
      );
      expect(await card.getByTestId('equipment-cycle-due').getByTestId('date-cell-date').textContent()).toBe(
        formatDate(cycle.dueDate),
      );
      expect(await card.getByTestId('cycle-status').getAttribute('data-status')).toBe(cycle.status);
    }
    await cycles.locator('[data-code="hydrostatic-test"]').getByText('10/03/2027').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // ── a maintenance on the tag page: "Ciclos cumpridos" ──
    await page.goto(`/#/t/${serial}?action=maintain`);
    const form = page.getByTestId('maintain-form');
    await form.waitFor();
    const offered = form.getByTestId('maintain-cycles');
    await offered.getByText('Ciclos cumpridos').waitFor();
    await page.getByTestId('answer-0-YES').click();
    await page.getByTestId('answer-1-text').fill('Recarga completa');
    const tick = offered.locator('[data-testid="maintain-cycle"][data-code="recharge"]');
    await tick.getByText('Manutenção de 2º nível (recarga)').waitFor();
    await tick.getByTestId('maintain-cycle-check').click();
    await page.getByTestId('maintain-submit').click();
    await page.getByTestId('field-success').getByText('Manutenção registrada com sucesso!').waitFor();

    const today = todayIn(SAO_PAULO);
    const stored = await demoDb()
      .selectFrom('equipment_cycles as ec')
      .innerJoin('equipment as e', 'e.id', 'ec.equipment_id')
      .innerJoin('tags as t', 't.id', 'e.tag_id')
      .select(['ec.cycle_code', 'ec.last_done_at', 'ec.due_date'])
      .where('t.serial_number', '=', serial)
      .orderBy('ec.cycle_code')
      .execute();
    const rows = new Map(stored.map((r) => [r.cycle_code, r]));
    expect(rows.get('recharge')).toMatchObject({ last_done_at: today, due_date: addMonths(today, 12) });
    // The others did not move.
    expect(rows.get('hydrostatic-test')).toMatchObject({ last_done_at: null, due_date: '2027-03-10' });
    expect(rows.get('inspection')?.last_done_at ?? null).toBeNull();
    const maintenance = await demoDb()
      .selectFrom('maintenances as m')
      .innerJoin('equipment as e', 'e.id', 'm.equipment_id')
      .innerJoin('tags as t', 't.id', 'e.tag_id')
      .select('m.cycles')
      .where('t.serial_number', '=', serial)
      .executeTakeFirstOrThrow();
    expect(maintenance.cycles).toEqual(['recharge']);

    // The tag page's card shows the cycle's new date.
    const card = page
      .getByTestId('tag-card')
      .locator('[data-testid="equipment-cycle"][data-code="recharge"]');
    await card.getByTestId('equipment-cycle-last-done').getByText(formatDate(today)).waitFor();
    expect(await card.getByTestId('equipment-cycle-due').getByTestId('date-cell-date').textContent()).toBe(
      formatDate(addMonths(today, 12)),
    );
  });

  it("a product's own cycles: off shows the subcategory's list; on starts from a copy, edited and saved apart", async () => {
    const admin = trpcClient(await loginAs(DEMO.groupAdmin));
    await admin.catalogue.cycles.applyPreset.mutate({ id: c.typeId, preset: 'nbr-12962-extinguishers' });
    const product = await demoDb()
      .selectFrom('products')
      .select('name')
      .where('id', '=', c.noDueId)
      .executeTakeFirstOrThrow();
    const page = await fresh();
    await login(page, DEMO.groupAdmin);
    await page.goto(`/#/products?query=${encodeURIComponent(product.name)}`);
    await page
      .getByRole('row')
      .filter({ hasText: product.name })
      .getByRole('button', { name: `Ciclos de manutenção de ${product.name}` })
      .click();
    const dialog = page.getByTestId('product-cycles-dialog');
    const inherited = dialog.getByTestId('inherited-cycles');
    await inherited.getByText('O produto usa os ciclos da subcategoria:').waitFor();
    await inherited.getByText('Manutenção de 2º nível (recarga)').waitFor();

    await dialog.getByTestId('product-own-cycles').click();
    await dialog.locator('[data-testid="cycle-row"][data-code="recharge"]').waitFor();
    expect(await inherited.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Remover Inspeção periódica' }).click();
    const recharge = dialog.locator('[data-testid="cycle-row"][data-code="recharge"]');
    await recharge.getByRole('button', { name: 'Editar Manutenção de 2º nível (recarga)' }).click();
    await recharge.getByTestId('cycle-interval').fill('6');
    await recharge
      .getByTestId('cycle-summary')
      .getByText(/^a cada 6 meses/)
      .waitFor();
    await dialog.getByTestId('save').click();
    await dialog.waitFor({ state: 'detached' });

    const own = await demoDb()
      .selectFrom('products')
      .select('own_cycles')
      .where('id', '=', c.noDueId)
      .executeTakeFirstOrThrow();
    expect(own.own_cycles).toBe(true);
    const rows = await demoDb()
      .selectFrom('maintenance_cycles')
      .select(['code', 'interval_value'])
      .where('product_id', '=', c.noDueId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.code)).not.toContain('inspection');
    expect(rows.find((r) => r.code === 'recharge')?.interval_value).toBe(6);
    expect(rows.map((r) => r.code)).toContain('hydrostatic-test');
    // The subcategory's list is its own: untouched.
    const typeList = await storedCycles();
    expect(typeList.map((r) => r.code)).toContain('inspection');
    expect(typeList.find((r) => r.code === 'recharge')?.interval_value).toBe(12);
  });

  it('a maintenance whose POST is lost waits on the phone with its cycles and sends them', async () => {
    const admin = trpcClient(await loginAs(DEMO.groupAdmin));
    await admin.catalogue.cycles.applyPreset.mutate({ id: c.typeId, preset: 'nbr-12962-extinguishers' });
    const company = trpcClient(await loginAs(DEMO.companyAdmin));
    const serial = await createTag(demo);
    await company.equipment.register.mutate({ tagSerialNumber: serial, productId: c.productId });
    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await page.goto(`/#/t/${serial}?action=maintain`);
    const form = page.getByTestId('maintain-form');
    await form.waitFor();
    await page.getByTestId('answer-0-YES').click();
    await page.getByTestId('answer-1-text').fill('Ensaio feito');
    await form
      .locator('[data-testid="maintain-cycle"][data-code="hydrostatic-test"]')
      .getByTestId('maintain-cycle-check')
      .click();
    // The signal drops as it is sent: the record waits on the phone.
    const lose = (route: Route) => route.abort('internetdisconnected');
    const maintain = (url: URL) => url.pathname === '/trpc/equipment.maintain';
    await page.route(maintain, lose);
    await page.getByTestId('maintain-submit').click();
    await page.getByText('Salvo no aparelho: aguardando envio.').waitFor();
    const recorded = () =>
      demoDb()
        .selectFrom('maintenances as m')
        .innerJoin('equipment as e', 'e.id', 'm.equipment_id')
        .innerJoin('tags as t', 't.id', 'e.tag_id')
        .select('m.cycles')
        .where('t.serial_number', '=', serial)
        .execute();
    expect(await recorded()).toHaveLength(0);

    await page.unroute(maintain, lose);
    const banner = page.getByTestId('offline-banner');
    await page.waitForFunction(() => {
      const b = document.querySelector<HTMLButtonElement>('[data-testid="offline-banner-send"]');
      return b === null || !b.disabled;
    });
    const send = page.getByTestId('offline-banner-send');
    if (await send.isVisible()) await send.click({ timeout: 2000 }).catch(() => undefined);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    // The third level includes the second (NBR 12962): both cycles are done today.
    const rows = await recorded();
    expect(rows).toHaveLength(1);
    expect([...rows[0]!.cycles].sort()).toEqual(['hydrostatic-test', 'recharge']);
    const today = todayIn(SAO_PAULO);
    const cycles = await company.equipment.get.query({ tag: serial });
    const done = new Map(cycles.cycles.map((x) => [x.code, x.lastDoneAt]));
    expect(done.get('hydrostatic-test')).toBe(today);
    expect(done.get('recharge')).toBe(today);
  });
});
