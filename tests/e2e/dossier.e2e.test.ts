/**
 * The building dossier from the client (issue 30 item 5): the "Dossiê AVCB/CLCB" action of a
 * company's row on /companies (group admin) and of a company admin's dashboard starts `dossier.pdf`,
 * the job is followed to its download, and the PDF's text names the company and its equipment; the
 * job shows in the job centre; an operator never sees the action; a refusal shows the server's
 * error in the user's language. The database is shared with the other e2e files: the demo company
 * is only read, and the company made for the refusal is removed again.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, coreDb, tenantDb } from '../../src/server/db/database.ts';
import { DEMO_GROUP_SCHEMA } from '../../src/server/seed/demo-users.ts';
import { loginAs, trpcClient } from '../helpers/api.ts';
import { pdfText } from '../integration/documents/helpers.ts';
import { DEMO, hashPath, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

/** The company admin's company (also in the group admin's list) and one equipment's tag serial. */
interface Known {
  id: number;
  name: string;
  serial: string;
}
let known: Known;
beforeAll(async () => {
  const company = await coreDb()
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['c.id', 'c.name'])
    .where('u.email', '=', DEMO.companyAdmin)
    .executeTakeFirstOrThrow();
  const equipment = await tenantDb(DEMO_GROUP_SCHEMA)
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .select('t.serial_number')
    .where('e.company_id', '=', company.id)
    .orderBy('e.id')
    .executeTakeFirstOrThrow();
  known = { ...company, serial: equipment.serial_number };
});
afterAll(async () => {
  await closeDb();
});

/** The dossier's PDF text of a finished download, its file name checked. */
async function dossierText(download: Download, companyId: number): Promise<string> {
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^dossie-${companyId}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
  );
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(bytes);
}

/** Starts the action from the keyboard (focus, Enter) and waits for the download it ends in. */
async function runFromKeyboard(page: Page, action: Locator): Promise<Download> {
  const download = page.waitForEvent('download', { timeout: 90_000 });
  await action.focus();
  await page.keyboard.press('Enter');
  return download;
}

/**
 * Searches /companies for `name` and waits until every row shown is one it matches: the search is
 * debounced, and a row re-rendered by its answer would lose a click or a focus given before.
 */
async function searchCompany(page: Page, name: string): Promise<void> {
  await page.getByTestId('search').fill(name);
  await expect
    .poll(async () => {
      const labels = await page
        .getByTestId('dossier-action')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      return labels.length > 0 && labels.every((l) => l.includes(name));
    })
    .toBe(true);
}

async function switchLanguage(page: Page, lang: 'en' | 'es'): Promise<void> {
  await page.getByTestId('footer').getByTestId(`lang-${lang}`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

describe('the building dossier in the client', () => {
  it('a group admin starts it from the company’s row: working state, download, PDF text, job centre', {
    timeout: 150_000,
  }, async () => {
    const page = await fresh();
    await login(page, DEMO.groupAdmin);
    await page.goto('/#/companies');
    await searchCompany(page, known.name);
    const entry = page.getByTestId(`dossier-${known.id}`);
    const action = entry.getByTestId('dossier-action');
    await action.waitFor();
    expect(await action.getAttribute('aria-label')).toBe(`Dossiê AVCB/CLCB de ${known.name}`);
    expect(await action.textContent()).toBe('Dossiê AVCB/CLCB');

    const download = runFromKeyboard(page, action);
    // working: the button says so and is disabled, the bar follows the job
    await entry.getByTestId('dossier-progress').waitFor();
    const file = await download;
    // the row's click opens the edit dialog; the action's did not
    expect(await page.getByTestId('company-dialog').count()).toBe(0);
    const text = await dossierText(file, known.id);
    expect(text).toContain('Dossiê da edificação (AVCB/CLCB)');
    expect(text).toContain(`Empresa: ${known.name}`);
    expect(text).toContain(known.serial);
    await entry.getByTestId('dossier-progress').waitFor({ state: 'detached' });
    expect(await action.isEnabled()).toBe(true);
    expect(await entry.getByTestId('dossier-error').count()).toBe(0);

    // the job centre lists it, finished, by its name
    await page.goto('/#/jobs');
    const jobRow = page.getByRole('row').filter({ hasText: 'Dossiê AVCB/CLCB (PDF)' }).first();
    await jobRow.waitFor();
    expect(await jobRow.getByTestId('job-state').textContent()).toBe('Concluído');
  });

  it('a company admin, who has no companies list, starts it from the dashboard', {
    timeout: 150_000,
  }, async () => {
    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await page.getByTestId('dashboard').waitFor();
    const action = page.getByTestId(`dossier-${known.id}`).getByTestId('dossier-action');
    await action.waitFor();
    expect(await action.getAttribute('aria-label')).toBe(`Dossiê AVCB/CLCB de ${known.name}`);
    const text = await dossierText(await runFromKeyboard(page, action), known.id);
    expect(text).toContain(`Empresa: ${known.name}`);
    expect(text).toContain(known.serial);
  });

  it('an operator sees no dossier action (home, and /companies is not theirs)', async () => {
    const page = await fresh();
    await login(page, DEMO.operator);
    await page.getByTestId('operator-home').waitFor();
    expect(await page.getByTestId('dossier-action').count()).toBe(0);
    await page.goto('/#/companies');
    // the route guard sends the operator home: /companies is not among their routes
    await expect.poll(() => hashPath(page)).toBe('/');
    await page.getByTestId('operator-home').waitFor();
    expect(await page.getByTestId('dossier-action').count()).toBe(0);
  });

  it('a refusal shows the server’s error in the user’s language (es), and the button is usable again', async () => {
    const admin = trpcClient(await loginAs(DEMO.groupAdmin));
    const name = `Dossiê recusado ${Date.now()}`;
    const id = await admin.organisations.companies.create.mutate({
      name,
      mainContactName: 'Contato',
      email: `dossie.${Date.now()}@example.com`,
      phone: '1133334444',
    });
    try {
      const page = await fresh();
      await login(page, DEMO.groupAdmin);
      await switchLanguage(page, 'es');
      await page.goto('/#/companies');
      await searchCompany(page, name);
      const entry = page.getByTestId(`dossier-${id}`);
      await entry.getByTestId('dossier-action').waitFor();
      expect(await entry.getByTestId('dossier-action').textContent()).toBe('Dosier AVCB/CLCB');
      // the company goes away while the list is on screen: the server answers 404 DOSSIER_COMPANY_NOT_FOUND
      await coreDb().deleteFrom('companies').where('id', '=', id).execute();
      await entry.getByTestId('dossier-action').click();
      const error = entry.getByTestId('dossier-error');
      await error.waitFor();
      expect(await error.textContent()).toBe('Empresa no encontrada');
      expect(await error.getAttribute('role')).toBe('alert');
      expect(await entry.getByTestId('dossier-action').isEnabled()).toBe(true);
    } finally {
      await coreDb().deleteFrom('companies').where('id', '=', id).execute();
    }
  });
});
