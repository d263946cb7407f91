/**
 * Service orders in Chromium (issue 14; seed 000 §2 /os and /create-os, §4, §5, §8), as the demo
 * company admin: the create form's checks in the seed's order; an order of two equipment made
 * through /create-os (success text, form and selection emptied); found in /os; one item's
 * completion date edited (the status turns PARTIAL live, PENDING and FINISHED disabled) and saved;
 * the view dialog's tabs; the printed PDF. And the catalogue's "opens a service order" checkbox.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/shared/dates.ts';
import { todayIn } from '../../src/shared/equipment/status.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { createTag, demoCompany, demoDb } from '../integration/equipment/helpers.ts';
import { DEMO, hashPath, login, setUpBrowser, waitForHash } from './browser.ts';

const { fresh } = setUpBrowser();

/** YYYY-MM-DD ± days → the digits typed into a DD/MM/YYYY field. */
function typed(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}${m}${y}`;
}
function shown(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function pick(page: Page, trigger: string, option: string): Promise<void> {
  await page.getByTestId(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const formError = (page: Page) => page.getByTestId('create-os-error');

async function openCreate(): Promise<Page> {
  const page = await fresh();
  await login(page, DEMO.companyAdmin);
  // the admin's top bar has the OS menu (the operator's has not: last test)
  expect(await page.getByTestId('menu-trigger-os').count()).toBe(1);
  await page.goto('/#/create-os');
  await page.getByRole('heading', { name: 'Cadastrar ordem de serviço' }).waitFor();
  return page;
}

/** Ticks `serials` in the search dialog (searching each) and adds them. */
async function addEquipment(page: Page, serials: string[]): Promise<void> {
  await page.getByTestId('os-add-equipment').click();
  const dialog = page.getByTestId('os-equipment-search');
  for (const serial of serials) {
    await dialog.getByTestId('search').fill(serial);
    const box = dialog.getByTestId(`os-search-select-${serial}`);
    await box.click();
    expect(await box.getAttribute('data-state')).toBe('checked');
  }
  await dialog.getByTestId('os-search-add').click();
  await dialog.waitFor({ state: 'detached' });
}

const chosenSerials = (page: Page) =>
  page
    .getByTestId('create-os-form')
    .locator('tbody tr[data-serial]')
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-serial')));

describe('/create-os', () => {
  it('runs the seed’s checks in order, with its texts', async () => {
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const [one] = (await api.serviceOrders.equipmentSearch.query({ pageSize: 10 })).items;
    const page = await openCreate();
    const today = todayIn(DEFAULT_TIME_ZONE);

    // an empty form: the start date is not before today, so the equipment message comes first
    await page.getByTestId('os-register').click();
    await expect.poll(() => formError(page).textContent()).toBe('Insirar algum equipamento para cadastrar.');

    // a past start date: the picker's message at once, the seed's start-date message on submit
    await page.getByTestId('os-start').fill(typed(addDays(today, -1)));
    await page.getByTestId('os-start-error').waitFor();
    expect(await page.getByTestId('os-start-error').textContent()).toBe(
      'Insirar uma data igual ou superior ao dia de hoje.',
    );
    await page.getByTestId('os-register').click();
    await expect
      .poll(() => formError(page).textContent())
      .toBe('Insirar uma data de início igual ou superior ao dia de hoje.');

    // not a date
    await page.getByTestId('os-end').fill('31022027');
    expect(await page.getByTestId('os-end-error').textContent()).toBe('Insira uma data válida');
    // the native picker offers no past day
    expect(await page.getByTestId('os-start-picker').getAttribute('min')).toBe(today);

    // a valid start and equipment: the blank required fields
    await page.getByTestId('os-start').fill(typed(today));
    await page.getByTestId('os-end').fill('');
    await addEquipment(page, [one!.tagSerialNumber]);
    await page.getByTestId('os-register').click();
    await expect.poll(() => formError(page).textContent()).toBe('Existem dados obrigatórios em branco.');
    for (const id of ['os-end', 'os-priority', 'os-responsible', 'os-type'])
      expect(await page.getByTestId(`${id}-error`).textContent()).toBe('Campo obrigatório');
    expect(await page.getByTestId('os-start-error').count()).toBe(0);
  });
});

describe('service orders, from /create-os to the printed order', () => {
  it('creates an order of two equipment, edits a completion date (PARTIAL), views and prints it', {
    timeout: 180_000,
  }, async () => {
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const offered = (await api.serviceOrders.equipmentSearch.query({ pageSize: 10 })).items;
    expect(offered.length).toBeGreaterThanOrEqual(2);
    const [first, second] = offered as [(typeof offered)[0], (typeof offered)[0]];
    const users = await api.serviceOrders.users.query({});
    const responsible = users[0]!;
    const note = `Troca de lacres e-2-e ${Math.random().toString(36).slice(2, 8)}`;
    const today = todayIn(DEFAULT_TIME_ZONE);
    const end = addDays(today, 5);

    const page = await openCreate();
    await page.getByTestId('os-start').fill(typed(today));
    await page.getByTestId('os-end').fill(typed(end));
    await pick(page, 'os-priority', 'Muito alta');
    await pick(page, 'os-responsible', responsible.name);
    await pick(page, 'os-type', 'Manutenção');
    await page.getByTestId('os-observation').fill(note);
    await addEquipment(page, [first.tagSerialNumber, second.tagSerialNumber]);
    expect(await chosenSerials(page)).toEqual([first.tagSerialNumber, second.tagSerialNumber]);
    // a removed row can be added again
    await page.getByTestId(`os-remove-${second.tagSerialNumber}`).click();
    expect(await chosenSerials(page)).toEqual([first.tagSerialNumber]);
    await addEquipment(page, [second.tagSerialNumber]);

    await page.getByTestId('os-register').click();
    const success = page.getByTestId('create-os-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('Ordem de Serviço cadastrada com sucesso!');
    const number = Number((await page.getByTestId('create-os-number').textContent())!.replace(/\D/g, ''));
    expect(number).toBeGreaterThan(0);
    // the form and the selection are reset
    expect(await page.getByTestId('os-start').inputValue()).toBe('');
    expect(await page.getByTestId('os-end').inputValue()).toBe('');
    expect(await page.getByTestId('os-observation').inputValue()).toBe('');
    expect(await page.getByTestId('os-priority').textContent()).toBe('Selecione');
    expect(await chosenSerials(page)).toEqual([]);
    await page.getByText('Nenhum equipamento escolhido.').waitFor();

    // what the server stored
    const found = await api.serviceOrders.list.query({ query: note });
    expect(found.items.map((o) => o.number)).toEqual([number]);
    const created = found.items[0]!;
    expect(created).toMatchObject({
      status: 'PENDING',
      priority: 'HIGHEST',
      type: 'MAINTENANCE',
      startDate: today,
      endDate: end,
      responsibleUserId: responsible.id,
      observation: note,
      equipmentCount: 2,
    });

    // the equipment's public card says "Serviço pendente" (no personal data), to anyone
    const visitor = await fresh();
    await visitor.goto(`/#/t/${first.tagSerialNumber}`);
    const badge = visitor.getByTestId('tag-service-pending');
    await badge.waitFor();
    expect(await badge.textContent()).toContain('Serviço pendente');
    // and an equipment in no open order does not
    const anyone = trpcClient();
    let idle: string | undefined;
    for (const e of (await api.serviceOrders.equipmentSearch.query({ pageSize: 100 })).items) {
      if (!(await anyone.equipment.card.query({ serial: e.tagSerialNumber })).servicePending) {
        idle = e.tagSerialNumber;
        break;
      }
    }
    expect(idle).toBeDefined();
    await visitor.goto(`/#/t/${idle}`);
    await visitor.getByTestId('tag-serial').filter({ hasText: idle! }).waitFor();
    await visitor.getByTestId('tag-product').waitFor();
    expect(await visitor.getByTestId('tag-service-pending').count()).toBe(0);

    // ── /os: found by its comment, edited ──
    await page.goto('/#/os');
    await page.getByTestId('search').fill(note);
    const row = page.locator(`tbody tr[data-number="${number}"]`);
    await row.waitFor();
    await expect.poll(() => page.locator('tbody tr[data-number]').count()).toBe(1);
    expect(await row.getByTestId('os-status').textContent()).toBe('Pendente');
    expect(await row.textContent()).toContain(shown(today));
    expect(await row.textContent()).toContain(shown(end));

    await page.getByTestId(`os-edit-${number}`).click();
    const edit = page.getByTestId('os-edit-dialog');
    await edit.waitFor();
    expect(await edit.getByTestId('os-derived-status').textContent()).toBe('Pendente');
    await edit.getByTestId(`os-completion-${first.tagSerialNumber}`).fill(typed(today));
    await expect.poll(() => edit.getByTestId('os-derived-status').textContent()).toBe('Parcial');
    expect(await edit.getByTestId('os-edit-status').textContent()).toBe('Parcial');
    expect(await edit.getByTestId('os-status-blocked').textContent()).toContain(
      'Parte dos equipamentos da OS foi concluída',
    );
    await edit.getByTestId('os-edit-status').click();
    const option = (name: string) => page.getByRole('option', { name, exact: true });
    expect(await option('Finalizada').getAttribute('aria-disabled')).toBe('true');
    expect(await option('Pendente').getAttribute('aria-disabled')).toBe('true');
    expect(await option('Parcial').getAttribute('aria-disabled')).not.toBe('true');
    expect(await option('Cancelada').getAttribute('aria-disabled')).not.toBe('true');
    await page.keyboard.press('Escape');
    await edit.getByTestId('save').click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('os-status').textContent()).toBe('Parcial');
    const saved = await api.serviceOrders.get.query({ id: created.id });
    expect(saved.status).toBe('PARTIAL');
    expect(
      Object.fromEntries(saved.equipments.map((e) => [e.equipmentSerialNumber, e.completionDate])),
    ).toEqual({ [first.tagSerialNumber]: today, [second.tagSerialNumber]: null });

    // ── the view dialog: both tabs ──
    await page.getByTestId(`os-view-${number}`).click();
    const view = page.getByTestId('os-view-dialog');
    await view.getByTestId('os-view-general').waitFor();
    expect(await view.getByTestId('os-view-number').textContent()).toBe(String(number));
    expect(await view.getByTestId('os-view-start').textContent()).toBe(shown(today));
    expect(await view.getByTestId('os-view-end').textContent()).toBe(shown(end));
    expect(await view.getByTestId('os-view-responsible').textContent()).toBe(responsible.name);
    expect(await view.getByTestId('os-view-priority').textContent()).toBe('Muito alta');
    expect(await view.getByTestId('os-view-type').textContent()).toBe('Manutenção');
    expect(await view.getByTestId('os-view-observation').textContent()).toBe(note);
    expect(await view.getByTestId('os-view-completed').textContent()).toBe('1 / 2');
    await view.getByTestId('os-tab-equipments').click();
    const items = view.getByTestId('os-view-item');
    await expect.poll(() => items.count()).toBe(2);
    const completion = await items.evaluateAll((trs) =>
      Object.fromEntries(
        trs.map((tr) => [
          tr.getAttribute('data-serial'),
          tr.querySelector('[data-testid="os-view-item-completion"]')?.textContent,
        ]),
      ),
    );
    expect(completion).toEqual({
      [first.tagSerialNumber]: shown(today),
      [second.tagSerialNumber]: '--/--/----',
    });
    expect(await view.getByTestId('os-view-equipments').textContent()).toContain(first.productName);

    // ── print: the order's PDF ──
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await view.getByTestId('os-print').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile((await file.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');
    expect(text).toContain(String(number));
    expect(text).toContain(first.tagSerialNumber);
    expect(text).toContain(second.tagSerialNumber);
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });

    // ── the filter dialog: priority required; the filters live in the URL ──
    // The closed dialog hands focus back to its trigger a tick after it leaves the DOM; a fill in
    // that tick can lose its Delete key to the button, so the fill is repeated until the URL clears.
    await expect
      .poll(async () => {
        await page.getByTestId('search').fill('');
        return hashPath(page);
      })
      .toBe('/os');
    await page.getByTestId('os-filters').click();
    const filter = page.getByTestId('os-filter-dialog');
    await filter.getByTestId('os-filter-apply').click();
    expect(await filter.getByText('Campo obrigatório').count()).toBe(1);
    await pick(page, 'os-filter-status', 'Parcial');
    await pick(page, 'os-filter-priority', 'Muito alta');
    await pick(page, 'os-filter-type', 'Manutenção');
    await filter.getByTestId('os-filter-apply').click();
    await filter.waitFor({ state: 'detached' });
    await expect
      .poll(() => Object.fromEntries(new URLSearchParams(hashPath(page).split('?')[1])))
      .toEqual({ status: 'PARTIAL', priority: 'HIGHEST', type: 'MAINTENANCE' });
    const expected = await api.serviceOrders.list.query({
      status: 'PARTIAL',
      priority: 'HIGHEST',
      type: 'MAINTENANCE',
    });
    expect(expected.items.map((o) => o.number)).toContain(number);
    await expect
      .poll(() =>
        page
          .locator('tbody tr[data-number]')
          .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-number')))),
      )
      .toEqual(expected.items.map((o) => o.number));
    expect(await page.getByTestId('os-filters').textContent()).toContain('Filtros (3)');
    // a reload keeps them; "Limpar filtros" removes them
    await page.reload();
    await row.waitFor();
    await page.getByTestId('clear-filters').click();
    await expect.poll(() => hashPath(page)).toBe('/os');
  });
});

describe('an order opened by an inspection', () => {
  it('has no end date and is saved from the edit dialog without inventing one (issue 26 item 10)', async () => {
    // New equipment on the seeded extinguisher product, inspected with the seal answered NO: the
    // seeded question opens (or joins) today's order.
    const product = await demoDb()
      .selectFrom('products as p')
      .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
      .select('p.id')
      .where('it.name', '=', 'Extintores')
      .where('p.enabled', '=', true)
      .where('p.is_dv_exclusive', '=', false)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const serial = await createTag(await demoCompany());
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    await api.equipment.register.mutate({ tagSerialNumber: serial, productId: product.id });
    const operator = trpcClient(await loginAs(DEMO.operator));
    const form = await operator.equipment.inspectionForm.query({ tag: serial });
    const answers = form.questions.map((q) => ({
      questionId: q.id,
      answer:
        q.question === 'O lacre está intacto?'
          ? 'NO'
          : q.type === 'YES_NO_NA'
            ? 'YES'
            : q.type === 'TEXT'
              ? 'Lacre rompido'
              : q.customAnswers.find((a) => a.type === 'POSITIVE')!.id,
    }));
    const inspected = await operator.equipment.inspect.mutate({ tag: serial, answers });
    expect(inspected.serviceOrderNumber).toEqual(expect.any(Number));
    const number = inspected.serviceOrderNumber!;
    const found = (await api.serviceOrders.list.query({ query: String(number), pageSize: 100 })).items.find(
      (o) => o.number === number,
    )!;
    expect(found.endDate).toBeNull();

    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await page.goto('/#/os');
    await page.getByTestId('search').fill(String(number));
    await page.locator(`tbody tr[data-number="${number}"]`).waitFor();
    await page.getByTestId(`os-edit-${number}`).click();
    const edit = page.getByTestId('os-edit-dialog');
    await edit.waitFor();
    expect(await page.locator('#os-edit-end').inputValue()).toBe('');
    // No asterisk on the end date of an order that never had one.
    await edit.getByText('Data de término', { exact: true }).waitFor();
    await pick(page, 'os-edit-priority', 'Muito alta');
    await edit.getByTestId('save').click();
    await edit.waitFor({ state: 'detached' });
    const saved = await api.serviceOrders.get.query({ id: found.id });
    expect([saved.priority, saved.endDate]).toEqual(['HIGHEST', null]);
  });
});

describe('catalogue: a question that opens a service order', () => {
  it('the inspection-question editor saves "Abre ordem de serviço quando respondida negativamente"', async () => {
    const api = trpcClient(await loginAs(DEMO.companyAdmin));
    const categories = await api.catalogue.categories.options.query();
    const category = categories.find((c) => c.enabled)!;
    const name = `Vistoria OS ${Math.random().toString(36).slice(2, 7)}`;
    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await page.goto('/#/subcategories');
    await page.getByTestId('add-subcategory').click();
    const sd = page.getByTestId('subcategory-dialog');
    await sd.getByTestId('subcategory-name').fill(name);
    await pick(page, 'subcategory-category', category.name);
    await sd.getByTestId('tab-inspection').click();
    await sd.getByTestId('inspection-questions-add').click();
    await sd.getByTestId('inspection-questions-add').click();
    await sd.getByTestId('inspection-questions-text').nth(0).fill('Lacre rompido?');
    await sd.getByTestId('inspection-questions-text').nth(1).fill('Observações');
    const boxes = sd.getByTestId('inspection-questions-opens-os');
    expect(await boxes.count()).toBe(2);
    expect(await sd.getByText('Abre ordem de serviço quando respondida negativamente').count()).toBe(2);
    await boxes.nth(0).click();
    // a text answer is never negative: no checkbox
    await sd.getByTestId('inspection-questions-type').nth(1).click();
    await page.getByRole('option', { name: 'Texto' }).click();
    expect(await boxes.count()).toBe(1);
    await sd.getByTestId('save').click();
    await sd.waitFor({ state: 'detached' });

    const list = await api.catalogue.inspectionTypes.list.query({ query: name });
    const type = await api.catalogue.inspectionTypes.get.query({ id: list.items[0]!.id });
    expect(type.inspectionQuestions.map((q) => [q.question, q.type, q.opensServiceOrder])).toEqual([
      ['Lacre rompido?', 'YES_NO_NA', true],
      ['Observações', 'TEXT', false],
    ]);
  });
});

describe('operators', () => {
  it('have neither the OS menu nor its routes (seed 000 §2, §6)', async () => {
    const page = await fresh();
    await login(page, DEMO.operator);
    expect(await page.getByTestId('menu-trigger-os').count()).toBe(0);
    for (const path of ['/os', '/create-os']) {
      await page.goto(`/#${path}`);
      await waitForHash(page, '/');
    }
  });
});
