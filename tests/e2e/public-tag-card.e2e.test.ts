/**
 * The company's public tag card switch (issue 26 item 19) in the UI: a group admin turns it off in
 * the company's edit form and the tag page then shows only "Equipamento cadastrado"; a company
 * admin turns it on again in the settings page. The visible card lists the equipment's cycles
 * (issue 30 item 2).
 */
import { describe, expect, it } from 'vitest';
import { coreDb } from '../../src/server/db/database.ts';
import {
  createTag,
  demoCompany,
  extinguisherCatalogue,
  otherDemoCompany,
  register,
} from '../integration/equipment/helpers.ts';
import { makeUser, PASSWORD } from '../integration/organisations/fixtures.ts';
import { apiLogin, baseUrl, DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

async function stored(companyId: number): Promise<boolean> {
  const r = await coreDb()
    .selectFrom('companies')
    .select('public_tag_card')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return r.public_tag_card;
}

describe('the public tag card switch', () => {
  it('off in the company form hides the card; on again in the company admin’s settings', async () => {
    const demo = await demoCompany();
    const companyId = await otherDemoCompany(demo.groupId);
    const name = (
      await coreDb()
        .updateTable('companies')
        .set({ tags_limit: 10, main_contact_name: 'Maria', email: 'filial@demo.dev', phone: '1133334444' })
        .where('id', '=', companyId)
        .returning('name')
        .executeTakeFirstOrThrow()
    ).name;
    const serial = await createTag({ ...demo, companyId });
    const group = await apiLogin(DEMO.groupAdmin);
    const c = await extinguisherCatalogue(group, await apiLogin(DEMO.admin));
    await register(group, { tagSerialNumber: serial, productId: c.productId });
    const preset = await fetch(new URL(`/web/inspection-types/${c.typeId}/cycles/preset/`, baseUrl()), {
      method: 'POST',
      headers: { Authorization: `Bearer ${group}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ preset: 'nbr-12962-extinguishers' }),
    });
    expect(preset.status).toBe(200);

    const p = await fresh();
    await login(p, DEMO.groupAdmin);
    await p.goto(`/#/companies?query=${encodeURIComponent(name)}`);
    const row = p.locator('[data-testid="data-table"] tbody tr').filter({ hasText: name });
    await row.click();
    const dialog = p.getByTestId('company-dialog');
    const box = dialog.locator('#co-public-tag-card');
    await expect.poll(() => box.getAttribute('aria-checked')).toBe('true');
    await box.click();
    await dialog.getByTestId('save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => stored(companyId)).toBe(false);

    const anon = await fresh();
    await anon.goto(`/#/t/${serial}`);
    await anon.getByTestId('tag-registered-only').waitFor();
    expect(await anon.getByTestId('tag-card').textContent()).toContain('Equipamento cadastrado');

    const admin = await makeUser({ role: 'COMPANY_ADMIN', groupId: demo.groupId, companyId });
    const q = await fresh();
    await login(q, admin.email, PASSWORD);
    await q.goto('/#/config-system');
    const toggle = q.getByTestId('public-tag-card-toggle');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await q.getByTestId('public-tag-card-setting').textContent()).toContain(name);
    await toggle.click();
    await expect.poll(() => stored(companyId)).toBe(true);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await anon.reload();
    await anon.getByTestId('tag-card').waitFor();
    await expect.poll(() => anon.getByTestId('tag-registered-only').count()).toBe(0);
    // The cycles of the preset, by code, on the public card.
    const cycles = anon.getByTestId('equipment-cycle');
    await expect
      .poll(async () => cycles.evaluateAll((els) => els.map((e) => e.getAttribute('data-code'))))
      .toEqual(['inspection', 'recharge', 'hydrostatic-test']);
    expect(await anon.getByTestId('equipment-cycle-last-done').count()).toBe(0);
  });
});
