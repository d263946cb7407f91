/**
 * The list kit in Chromium: a list's search, filter and page live in the URL (bookmarkable),
 * survive a reload, and back/forward walk through them. Runs on /categories of the demo group with
 * its own uniquely named categories (made through REST), so other files' data does not matter.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, baseUrl, DEMO, hashPath, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

async function createCategory(token: string, name: string, enabled: boolean): Promise<void> {
  const res = await fetch(new URL('/web/categories/', baseUrl()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, enabled }),
  });
  if (res.status !== 201) throw new Error(`category ${name}: ${res.status} ${await res.text()}`);
}

/** The list's search params as the URL shows them. */
function urlParams(page: Page): Record<string, string> {
  const [, query = ''] = hashPath(page).split('?');
  return Object.fromEntries(new URLSearchParams(query));
}

const rows = (page: Page) => page.getByTestId('data-table').locator('tbody tr');
const pageOf = (page: Page) => page.getByText(/^Página \d+ de \d+$/).textContent();
const total = (page: Page) => page.getByTestId('total-count').textContent();

describe('list state in the URL', () => {
  it('search + filter + page 2 are in the URL, survive a reload, and back returns to each previous state', async () => {
    const tag = Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6);
    const token = await apiLogin(DEMO.groupAdmin);
    // 13 enabled + 2 disabled: with the enabled filter, page 2 holds the last 3.
    for (let i = 1; i <= 13; i++)
      await createCategory(token, `Lista ${tag} ${String(i).padStart(2, '0')}`, true);
    for (let i = 1; i <= 2; i++) await createCategory(token, `Lista ${tag} desligada ${i}`, false);

    const page = await fresh();
    await login(page, DEMO.groupAdmin);
    await page.goto('/#/categories');
    await rows(page).first().waitFor();
    // a clean URL is the default list
    expect(hashPath(page)).toBe('/categories');

    // search (debounced into the URL)
    await page.getByTestId('search').fill(`lista ${tag}`);
    await expect.poll(() => urlParams(page)).toEqual({ query: `lista ${tag}` });
    await expect.poll(() => total(page)).toBe('Total: 15');

    // filter: back to the first page, in the URL
    await page.getByTestId('enabled-filter').click();
    await page.getByRole('option', { name: 'Habilitado: Sim', exact: true }).click();
    await expect.poll(() => urlParams(page)).toEqual({ query: `lista ${tag}`, enabled: 'yes' });
    await expect.poll(() => total(page)).toBe('Total: 13');
    await expect.poll(() => pageOf(page)).toBe('Página 1 de 2');

    // page 2 (0-based in the URL, like the REST query string)
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect.poll(() => urlParams(page)).toEqual({ query: `lista ${tag}`, enabled: 'yes', page: '1' });
    await expect.poll(() => pageOf(page)).toBe('Página 2 de 2');
    await expect
      .poll(() => rows(page).allTextContents())
      .toEqual([
        expect.stringContaining(`Lista ${tag} 11`),
        expect.stringContaining(`Lista ${tag} 12`),
        expect.stringContaining(`Lista ${tag} 13`),
      ]);

    // a reload (or the bookmarked URL) shows the same state, search box and filter included
    await page.reload();
    await expect.poll(() => pageOf(page)).toBe('Página 2 de 2');
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await page.getByTestId('search').inputValue()).toBe(`lista ${tag}`);
    expect(await page.getByTestId('enabled-filter').textContent()).toBe('Habilitado: Sim');
    expect(await total(page)).toBe('Total: 13');

    // back: page 1 of the filtered search
    await page.goBack();
    await expect.poll(() => urlParams(page)).toEqual({ query: `lista ${tag}`, enabled: 'yes' });
    await expect.poll(() => pageOf(page)).toBe('Página 1 de 2');
    await expect.poll(() => rows(page).count()).toBe(10);
    // back: the search alone
    await page.goBack();
    await expect.poll(() => urlParams(page)).toEqual({ query: `lista ${tag}` });
    await expect.poll(() => page.getByTestId('enabled-filter').textContent()).toBe('Habilitado: Todos');
    await expect.poll(() => total(page)).toBe('Total: 15');
    // back: the default list, search box emptied
    await page.goBack();
    await expect.poll(() => hashPath(page)).toBe('/categories');
    await expect.poll(() => page.getByTestId('search').inputValue()).toBe('');
    // forward again
    await page.goForward();
    await expect.poll(() => page.getByTestId('search').inputValue()).toBe(`lista ${tag}`);
    await expect.poll(() => total(page)).toBe('Total: 15');

    // sorting goes back to the first page and is kept too
    await page.goForward();
    await page.goForward();
    await expect.poll(() => pageOf(page)).toBe('Página 2 de 2');
    await page.getByTestId('sort-name').click();
    await expect
      .poll(() => urlParams(page))
      .toEqual({ query: `lista ${tag}`, enabled: 'yes', direction: 'desc' });
    await expect.poll(() => rows(page).first().textContent()).toContain(`Lista ${tag} 13`);
  });

  it('a page past the end (an old bookmark) shows the last page', async () => {
    const page = await fresh();
    await login(page, DEMO.groupAdmin);
    await page.goto('/#/categories?page=500');
    await expect.poll(() => urlParams(page).page).not.toBe('500');
    // real rows of the last page (never 'Lista vazia.' on the way)
    await page
      .getByTestId('data-table')
      .locator('tbody tr:not([data-testid="skeleton-row"])')
      .first()
      .waitFor();
    expect(await page.getByTestId('empty-list').count()).toBe(0);
    const text = (await pageOf(page)) ?? '';
    const [, current, pages] = text.match(/Página (\d+) de (\d+)/) ?? [];
    expect(current).toBe(pages);
  });
});
