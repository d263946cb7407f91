/**
 * The company's public tag card switch (issue 26 item 19): the group and provider admins change it
 * in the company's update (REST and tRPC), any admin of the company with its own call; the public
 * card then hides the product, status and dates; an operator cannot change it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';
import {
  type Catalogue,
  createTag,
  equipmentSetup,
  otherDemoCompany,
  register,
  type Setup,
  someIp,
} from '../equipment/helpers.ts';
import { makeUser, PASSWORD } from './fixtures.ts';

let t: Setup['t'];
let c: Catalogue;
let demo: Setup['demo'];
beforeAll(async () => {
  ({ t, demo, c } = await equipmentSetup());
});

type CardAnswer = { cardVisible: boolean; registered: boolean; productId: number | null; status: unknown };
const card = (serial: string) => rest<CardAnswer>('GET', `/web/tags/${serial}/card`, { ip: someIp() });

const companyForm = {
  name: 'Filial Cartão',
  mainContactName: 'Maria Contato',
  email: 'contato@filial.dev',
  phone: '(11) 3333-4444',
};

/** A company of the demo group (not the shared demo company) with one registered tag. */
async function companyWithTag(): Promise<{ companyId: number; serial: string }> {
  const companyId = await otherDemoCompany(demo.groupId);
  await coreDb().updateTable('companies').set({ tags_limit: 10 }).where('id', '=', companyId).execute();
  const serial = await createTag({ ...demo, companyId });
  await register(t.group, { tagSerialNumber: serial, productId: c.productId });
  return { companyId, serial };
}

async function stored(companyId: number): Promise<boolean> {
  const r = await coreDb()
    .selectFrom('companies')
    .select('public_tag_card')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return r.public_tag_card;
}

describe('the public tag card switch', () => {
  it('a group admin hides it through PUT /web/companies/{id}/ and shows it again through tRPC', async () => {
    const { companyId, serial } = await companyWithTag();
    expect(await card(serial)).toMatchObject({
      status: 200,
      json: { data: { cardVisible: true, productId: c.productId } },
    });

    const off = await rest<Record<string, unknown>>('PUT', `/web/companies/${companyId}/`, {
      token: t.group,
      body: { ...companyForm, publicTagCard: false },
    });
    expect(off.status).toBe(200);
    expect(off.json.data).toMatchObject({ id: companyId, publicTagCard: false });
    expect(await stored(companyId)).toBe(false);
    const hidden = await card(serial);
    expect(hidden.status).toBe(200);
    expect(hidden.json.data).toMatchObject({
      registered: true,
      cardVisible: false,
      productId: null,
      status: null,
    });
    expect(await hidden.res.clone().text()).not.toContain('Filial Cartão');

    // Saving the form without the field keeps the setting.
    const kept = await trpcClient(t.group).organisations.companies.update.mutate({
      id: companyId,
      ...companyForm,
    });
    expect(kept.publicTagCard).toBe(false);
    expect(await stored(companyId)).toBe(false);

    const on = await trpcClient(t.group).organisations.companies.update.mutate({
      id: companyId,
      ...companyForm,
      publicTagCard: true,
    });
    expect(on.publicTagCard).toBe(true);
    expect((await card(serial)).json.data).toMatchObject({ cardVisible: true, productId: c.productId });

    // The list shows it too (the edit form starts from the list's row).
    const list = await trpcClient(t.group).organisations.companies.list.query({ query: 'Filial Cartão' });
    expect(list.items.find((x) => x.id === companyId)?.publicTagCard).toBe(true);
  });

  it('a company admin switches its own company with /web/companies/{id}/public-tag-card/ (REST and tRPC), not another', async () => {
    const { companyId, serial } = await companyWithTag();
    const admin = await makeUser({ role: 'COMPANY_ADMIN', groupId: demo.groupId, companyId });
    const token = await loginAs(admin.email, PASSWORD);

    const read = await rest('GET', `/web/companies/${companyId}/public-tag-card/`, { token });
    expect(read).toMatchObject({ status: 200, json: { data: { id: companyId, publicTagCard: true } } });
    const off = await rest('PUT', `/web/companies/${companyId}/public-tag-card/`, {
      token,
      body: { publicTagCard: false },
    });
    expect(off).toMatchObject({ status: 200, json: { data: { id: companyId, publicTagCard: false } } });
    expect(await stored(companyId)).toBe(false);
    expect((await card(serial)).json.data).toMatchObject({ cardVisible: false, productId: null });

    const on = await trpcClient(token).organisations.companies.setPublicTagCard.mutate({
      id: companyId,
      publicTagCard: true,
    });
    expect(on).toEqual({ id: companyId, publicTagCard: true });
    expect(await trpcClient(token).organisations.companies.publicTagCard.query({ id: companyId })).toEqual({
      id: companyId,
      publicTagCard: true,
    });
    expect((await card(serial)).json.data).toMatchObject({ cardVisible: true, productId: c.productId });

    // Another company of the group: 404, as for a missing one; unchanged.
    const other = await rest('PUT', `/web/companies/${demo.companyId}/public-tag-card/`, {
      token,
      body: { publicTagCard: false },
    });
    expect(other.status).toBe(404);
    expect(other.json.error?.code).toBe('NOT_FOUND');
    expect(await stored(demo.companyId)).toBe(true);
    // The company form itself is the group's and provider's.
    const form = await rest('PUT', `/web/companies/${companyId}/`, {
      token,
      body: { ...companyForm, publicTagCard: false },
    });
    expect(form.status).toBe(403);
    expect(form.json.error?.code).toBe('FORBIDDEN');
    expect(await stored(companyId)).toBe(true);
  });

  it('a provider admin switches any company’s card', async () => {
    const { companyId } = await companyWithTag();
    const r = await rest('PUT', `/web/companies/${companyId}/public-tag-card/`, {
      token: t.admin,
      body: { publicTagCard: false },
    });
    expect(r.status).toBe(200);
    expect(await stored(companyId)).toBe(false);
  });

  it('an operator cannot change it on either door (403 FORBIDDEN), and the row is unchanged', async () => {
    const { companyId } = await companyWithTag();
    const operator = await makeUser({ role: 'COMPANY_OPERATOR', groupId: demo.groupId, companyId });
    const token = await loginAs(operator.email, PASSWORD);
    for (const [path, body] of [
      [`/web/companies/${companyId}/public-tag-card/`, { publicTagCard: false }],
      [`/web/companies/${companyId}/`, { ...companyForm, publicTagCard: false }],
    ] as const) {
      const r = await rest('PUT', path, { token, body });
      expect(r.status).toBe(403);
      expect(r.json.error?.code).toBe('FORBIDDEN');
    }
    await expect(
      trpcClient(token).organisations.companies.setPublicTagCard.mutate({
        id: companyId,
        publicTagCard: false,
      }),
    ).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    await expect(
      trpcClient(await loginAs(DEMO.operator)).organisations.companies.update.mutate({
        id: companyId,
        ...companyForm,
        publicTagCard: false,
      }),
    ).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    expect(await stored(companyId)).toBe(true);
  });
});
