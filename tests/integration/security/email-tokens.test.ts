import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { issueEmailToken } from '../../../src/server/domains/account/tokens.ts';
import { loginAs, rest, testApp } from '../../helpers/api.ts';
import { makeUser, otherGroup, PASSWORD, uniqueEmail } from '../organisations/fixtures.ts';

/**
 * A password-reset link mailed to an address stops working once the account's e-mail or password
 * changes: otherwise whoever still reads the old mailbox keeps a way into the account for an hour.
 */
async function resetWith(token: string) {
  return rest('PUT', '/web/password/reset/', {
    headers: { EmailToken: token },
    text: 'Nova@Senha1',
  });
}

/** An employee of a fresh company group, with an open password-reset link. */
async function userWithResetLink() {
  const g = await otherGroup();
  const u = await makeUser({ groupId: g.companyGroupId, companyId: g.companyId });
  const link = await issueEmailToken(coreDb(), u.id, 'PASSWORD_RESET');
  return { g, u, link };
}

/** The group's admin saves the employee with this name and e-mail (the rest as made). */
async function adminSaves(
  { g, u }: Awaited<ReturnType<typeof userWithResetLink>>,
  fields: { name: string; email: string },
) {
  const admin = await loginAs(g.email, PASSWORD);
  return rest('PUT', `/web/company-users/${u.id}/`, {
    token: admin,
    body: {
      ...fields,
      phone: '11977776666',
      companyId: g.companyId,
      occupation: 'Inspetor',
      status: 'ACTIVE',
      role: 'COMPANY_OPERATOR',
    },
  });
}

describe('e-mail tokens after account changes', () => {
  testApp();

  it('an admin changing the e-mail voids the reset links sent to the old address', async () => {
    const made = await userWithResetLink();
    const r = await adminSaves(made, { name: 'Movido', email: uniqueEmail('novo') });
    expect(r.status).toBe(200);
    const used = await resetWith(made.link);
    expect(used.status).toBe(400);
    expect(used.json.error?.code).toBe('TOKEN_INVALID');
  });

  it('a password change by the user or an admin voids open reset links', async () => {
    const { u, link: first } = await userWithResetLink();
    const own = await loginAs(u.email, PASSWORD);
    const changed = await rest('PUT', '/web/logged-user/password/', {
      token: own,
      body: { currentPassword: PASSWORD, newPassword: 'Outra@Senha2' },
    });
    expect(changed.status).toBe(200);
    expect((await resetWith(first)).json.error?.code).toBe('TOKEN_INVALID');

    const second = await issueEmailToken(coreDb(), u.id, 'PASSWORD_RESET');
    const provider = await loginAs('admin@equipcheck.dev');
    const set = await rest('PUT', `/web/users/${u.id}/password`, {
      token: provider,
      body: { password: 'Mais@Uma3' },
    });
    expect(set.status).toBe(200);
    expect((await resetWith(second)).json.error?.code).toBe('TOKEN_INVALID');
  });

  it('an unchanged e-mail keeps the link working', async () => {
    const made = await userWithResetLink();
    const r = await adminSaves(made, { name: 'Mesmo', email: made.u.email.toUpperCase() });
    expect(r.status).toBe(200);
    expect((await resetWith(made.link)).status).toBe(200);
  });
});
