/**
 * Equipment waiting for a tag (issue 31 item 1), in Chromium: equipment imported without a tag
 * (inserted in SQL, as the importer writes it) is claimed at the first scan — the operator opens
 * an unused tag (typed URL), chooses "Vincular equipamento aguardando tag", searches the control
 * number, picks it and links; the tag then shows the equipment. On the inspection report filtered
 * to "Aguardando tag", an admin gives the page's tagless equipment their tags in bulk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../src/server/db/database.ts';
import { refreshEquipmentSearch } from '../../src/server/domains/equipment/search.ts';
import { tagUrl } from '../../src/shared/qr/serial.ts';
import { loginAs } from '../helpers/api.ts';
import {
  type Catalogue,
  createTag,
  demoCompany,
  demoDb,
  extinguisherCatalogue,
} from '../integration/equipment/helpers.ts';
import { baseUrl, DEMO, login, PHONE, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();
let demo: Awaited<ReturnType<typeof demoCompany>>;
let c: Catalogue;
const made: number[] = [];
/** Tags made for the pre-fill: removed at the end when still unused. */
const spare: string[] = [];

beforeAll(async () => {
  demo = await demoCompany();
  await coreDb()
    .updateTable('companies')
    .set({ tags_limit: 100_000 })
    .where('id', '=', demo.companyId)
    .execute();
  c = await extinguisherCatalogue(await loginAs(DEMO.groupAdmin), await loginAs(DEMO.admin));
});
afterAll(async () => {
  if (made.length)
    await demoDb().deleteFrom('equipment').where('id', 'in', made).where('tag_id', 'is', null).execute();
  if (spare.length) {
    const gone = await demoDb()
      .deleteFrom('tags')
      .where('serial_number', 'in', spare)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('equipment as e').select('e.id').whereRef('e.tag_id', '=', 'tags.id'))),
      )
      .returning('serial_number')
      .execute();
    if (gone.length)
      await coreDb()
        .deleteFrom('tag_registry')
        .where(
          'serial',
          'in',
          gone.map((g) => g.serial_number),
        )
        .execute();
  }
});

const code = () => `IMP-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

/** Equipment as the importer writes it: no tag, its control number and search document. */
async function tagless(extraCode: string): Promise<number> {
  const row = await demoDb()
    .insertInto('equipment')
    .values({
      tag_id: null,
      company_id: demo.companyId,
      product_id: c.productId,
      extra_label: `Almoxarifado ${extraCode}`,
      extra_code: extraCode,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshEquipmentSearch(demoDb(), { equipmentId: row.id });
  made.push(row.id);
  return row.id;
}

const serialOf = async (id: number) =>
  (
    await demoDb()
      .selectFrom('equipment as e')
      .leftJoin('tags as t', 't.id', 'e.tag_id')
      .select('t.serial_number')
      .where('e.id', '=', id)
      .executeTakeFirstOrThrow()
  ).serial_number;

describe('equipment awaiting a tag', () => {
  it('is claimed at the first scan of an unused tag (operator, phone)', async () => {
    const extraCode = code();
    const id = await tagless(extraCode);
    await tagless(`${extraCode}-OUTRO`);
    const serial = await createTag(demo);
    const page = await fresh();
    await page.setViewportSize(PHONE);
    await login(page, DEMO.operator);
    await page.goto(tagUrl(baseUrl(), serial));
    await page.getByTestId('field-action-claim').click();
    await page.getByTestId('claim-search').fill(`${extraCode}`);
    await page.getByTestId(`claim-candidate-${id}`).click();
    await page.getByTestId('claim-submit').click();
    await page
      .getByTestId('field-success')
      .getByText('Etiqueta vinculada ao equipamento com sucesso!')
      .waitFor();
    await page.getByTestId('field-action-inspect').waitFor();
    expect(await serialOf(id)).toBe(serial);
  });

  it('gets tags in bulk from the report filtered to "Aguardando tag" (company admin)', async () => {
    const extraCode = code();
    const ids = [await tagless(`${extraCode}-A`), await tagless(`${extraCode}-B`)];
    // Unused tags of the company for the pre-fill (the demo company may have none left).
    spare.push(await createTag(demo), await createTag(demo));
    const page = await fresh();
    await login(page, DEMO.companyAdmin);
    await page.goto(`/#/inspections?query=${extraCode}&awaitingTag=yes`);
    await expect.poll(() => page.getByTestId('cell-awaiting-tag').count()).toBe(2);
    await page.getByTestId('assign-tags').click();
    const dialog = page.getByTestId('assign-tags-dialog');
    // Pre-filled with the company's next unused tags.
    for (const id of ids)
      await expect.poll(() => dialog.getByTestId(`assign-serial-${id}`).inputValue()).not.toBe('');
    const typed = await createTag(demo);
    await dialog.getByTestId(`assign-serial-${ids[1]}`).fill(typed.toLowerCase());
    await dialog.getByTestId('assign-submit').click();
    await dialog.getByText('2 tags atribuídas com sucesso!').waitFor();
    await expect.poll(() => page.getByTestId('cell-awaiting-tag').count()).toBe(0);
    expect(await serialOf(ids[1]!)).toBe(typed);
    expect(await serialOf(ids[0]!)).not.toBeNull();
  });
});
