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

describe('e-mail tokens after account changes', () => {
  testApp();

  it('an admin changing the e-mail voids the reset links sent to the old address', async () => {
    const g = await otherGroup();
    const u = await makeUser({ groupId: g.companyGroupId, companyId: g.companyId });
    const link = await issueEmailToken(coreDb(), u.id, 'PASSWORD_RESET');
    const admin = await loginAs(g.email, PASSWORD);
    const r = await rest('PUT', `/web/company-users/${u.id}/`, {
      token: admin,
      body: {
        name: 'Movido',
        email: uniqueEmail('novo'),
        phone: '11977776666',
        companyId: g.companyId,
        occupation: 'Inspetor',
        status: 'ACTIVE',
        role: 'COMPANY_OPERATOR',
      },
    });
    expect(r.status).toBe(200);
    const used = await resetWith(link);
    expect(used.status).toBe(400);
    expect(used.json.error?.code).toBe('TOKEN_INVALID');
  });

  it('a password change by the user or an admin voids open reset links', async () => {
    const g = await otherGroup();
    const u = await makeUser({ groupId: g.companyGroupId, companyId: g.companyId });
    const first = await issueEmailToken(coreDb(), u.id, 'PASSWORD_RESET');
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
    const g = await otherGroup();
    const u = await makeUser({ groupId: g.companyGroupId, companyId: g.companyId });
    const link = await issueEmailToken(coreDb(), u.id, 'PASSWORD_RESET');
    const admin = await loginAs(g.email, PASSWORD);
    const r = await rest('PUT', `/web/company-users/${u.id}/`, {
      token: admin,
      body: {
        name: 'Mesmo',
        email: u.email.toUpperCase(),
        phone: '11977776666',
        companyId: g.companyId,
        occupation: 'Inspetor',
        status: 'ACTIVE',
        role: 'COMPANY_OPERATOR',
      },
    });
    expect(r.status).toBe(200);
    expect((await resetWith(link)).status).toBe(200);
  });
});
