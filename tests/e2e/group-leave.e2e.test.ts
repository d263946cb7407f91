/**
 * Leaving (issue 33 item 6) in Chromium: on /company-groups the provider admin asks to delete a
 * group by typing its name, sees the "pending deletion until" badge, restores it, and exports a
 * group, getting the ZIP when its job ends. Works on a group of its own (shared database).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/dates.ts';
import { apiLogin, baseUrl, DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

function unique(): string {
  return [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** A company group made through the REST call; answers its name and id. */
async function createGroup(): Promise<{ name: string; id: number }> {
  const u = unique();
  const name = `Saída E2E ${u}`;
  const res = await fetch(new URL('/web/company-groups/', baseUrl()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await apiLogin(DEMO.admin)}` },
    body: JSON.stringify({
      companyName: name,
      companyGroup: `l${u}`,
      companyTagsLimit: 3,
      responsibleName: `Resp ${u}`,
      responsibleEmail: `saida.${u}@example.com`,
      responsiblePhone: '11987654321',
      responsibleOccupation: 'Diretor',
      responsiblePassword: 'Senha@123',
    }),
  });
  const json = (await res.json()) as { data?: { companyGroupId: number } };
  if (res.status !== 201 || !json.data)
    throw new Error(`create group: ${res.status} ${JSON.stringify(json)}`);
  return { name, id: json.data.companyGroupId };
}

async function openGroup(page: Page, name: string) {
  await page.goto('/#/company-groups');
  await page.getByRole('searchbox').fill(name);
  const row = page.getByTestId('data-table').locator('tbody tr', { hasText: name });
  await expect.poll(() => page.getByTestId('data-table').locator('tbody tr').count()).toBe(1);
  return row;
}

describe('leaving', () => {
  it('the provider admin asks to delete a group with its typed name, sees it pending, and restores it', async () => {
    const g = await createGroup();
    const page = await fresh();
    await login(page, DEMO.admin);
    const row = await openGroup(page, g.name);
    await row.getByText('Ativo').waitFor();

    await row.getByTestId(`group-delete-${g.id}`).click();
    const dialog = page.getByTestId('delete-group-dialog');
    await dialog.waitFor();
    const confirm = dialog.getByTestId('confirm-action');
    await dialog.getByTestId('confirm-input').fill('CONFIRMO');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByTestId('confirm-input').fill(g.name);
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });

    const until = formatDate(new Date(Date.now() + 30 * 86_400_000));
    const badge = row.getByTestId(`group-pending-${g.id}`);
    await expect.poll(() => badge.textContent()).toBe(`Exclusão pendente até ${until}`);

    await row.getByTestId(`group-restore-${g.id}`).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Grupo restaurado' }).first().waitFor();
    await badge.waitFor({ state: 'detached' });
    await row.getByText('Ativo').waitFor();
    await row.getByTestId(`group-delete-${g.id}`).waitFor();
  });

  it('the provider admin exports a group and gets the ZIP when the job ends', {
    timeout: 120_000,
  }, async () => {
    const g = await createGroup();
    const page = await fresh();
    await login(page, DEMO.admin);
    const row = await openGroup(page, g.name);
    const download = page.waitForEvent('download', { timeout: 90_000 });
    await row.getByTestId(`group-export-${g.id}`).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^l[a-z]+-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const listing = execFileSync('unzip', ['-Z1', (await file.path())!], { encoding: 'utf8' }).split('\n');
    expect(listing).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'core/company_groups.csv',
        'core/users.json',
        'tenant/categories.csv',
      ]),
    );
    expect(listing.some((f) => f.startsWith('core/sessions'))).toBe(false);
  });
});
