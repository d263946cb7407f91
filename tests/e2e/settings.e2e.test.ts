/**
 * Issue 16 item 1 in Chromium: the /config-system toggles take effect. Sign-up off → /register
 * says so instead of the form; maintenance on → non-provider users get the maintenance page (the
 * provider admin keeps working), and the app comes back when it is over. Each test puts the
 * setting back as seeded (e2e files share one database, one file at a time).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin, baseUrl, DEMO, login, setUpBrowser, submitLogin } from './browser.ts';

const { fresh } = setUpBrowser();

type Cfg = { id: number; param: string | null; enabled: boolean };

async function setSetting(param: string, enabled: boolean): Promise<void> {
  const token = await apiLogin(DEMO.admin);
  const auth = { Authorization: `Bearer ${token}` };
  const list = (await (await fetch(new URL('/web/config-system/', baseUrl()), { headers: auth })).json()) as {
    data: Cfg[];
  };
  const row = list.data.find((c) => c.param === param)!;
  const res = await fetch(new URL(`/web/config-system/${row.id}/toggle/`, baseUrl()), {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
  expect(res.status).toBe(200);
}

afterAll(async () => {
  // As seeded, whatever happened above.
  await setSetting('PUBLIC_SIGNUP', true);
  await setSetting('MAINTENANCE_MODE', false);
});

describe('system settings take effect', () => {
  it('shows only the settings that act, and public sign-up off closes /register', async () => {
    const admin = await fresh();
    await login(admin, DEMO.admin);
    await admin.goto('/#/config-system');
    const signup = admin.getByTestId('config-toggle-PUBLIC_SIGNUP');
    await signup.waitFor();
    expect(
      await admin
        .locator('[data-testid^="config-toggle-"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
    ).toEqual([
      'config-toggle-PUBLIC_SIGNUP',
      'config-toggle-MAINTENANCE_MODE',
      'config-toggle-DUE_DIGEST_GROUP_ADMINS',
    ]);
    await admin.getByText('Permitir cadastro público').waitFor();
    await admin.getByText('Modo manutenção').waitFor();
    expect(await signup.getAttribute('aria-checked')).toBe('true');
    await signup.click();
    await expect.poll(() => signup.getAttribute('aria-checked')).toBe('false');

    const visitor = await fresh();
    await visitor.goto('/#/register');
    const closed = visitor.getByTestId('register-closed');
    await closed.waitFor();
    expect(await closed.textContent()).toContain('O cadastro público está desativado no momento');
    expect(await visitor.getByTestId('register-form').count()).toBe(0);

    // Back on: the form is offered again.
    await signup.click();
    await expect.poll(() => signup.getAttribute('aria-checked')).toBe('true');
    await visitor.reload();
    await visitor.getByTestId('register-form').waitFor();
  });

  it('maintenance mode: a signed-in user gets the maintenance page, the provider admin keeps working', async () => {
    const user = await fresh();
    await login(user, DEMO.groupAdmin);
    await setSetting('MAINTENANCE_MODE', true);
    try {
      // The next call refused (here: the reload's session restore) shows the maintenance page.
      await user.reload();
      const notice = user.getByTestId('maintenance-page');
      await notice.waitFor();
      await user.getByRole('heading', { name: 'Sistema em manutenção' }).waitFor();
      expect(await user.getByTestId('top-bar').count()).toBe(0);

      // A visitor sees the notice on the landing page; a non-provider's sign-in ends on the page.
      const visitor = await fresh();
      await visitor.goto('/#/');
      await visitor.getByTestId('maintenance-notice').waitFor();
      await submitLogin(visitor, DEMO.operator, 'Demo@123', { stay: true });
      await visitor.getByTestId('maintenance-page').waitFor();

      // The provider admin signs in and works as usual.
      const admin = await fresh();
      await login(admin, DEMO.admin);
      await admin.goto('/#/companies');
      await admin.getByTestId('add-company').waitFor();
      expect(await admin.getByTestId('maintenance-page').count()).toBe(0);
    } finally {
      await setSetting('MAINTENANCE_MODE', false);
    }
    // Over: "try again" brings the app back, still signed in.
    await user.getByRole('button', { name: 'Tentar novamente' }).click();
    await user.getByTestId('top-bar').waitFor();
    expect(await user.getByTestId('maintenance-page').count()).toBe(0);
  });
});
