/**
 * The form kit in Chromium, on the category dialog: the save states of seed 001 §4 ("Salvando
 * {name}...", locked, then the success text and the dialog closes itself) and server errors that
 * land on their field (a taken name; an invalid value that got past the client's validation).
 * The save call is held at the network (page.route) while the dialog is inspected.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, baseUrl, DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

const tag = () =>
  Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6);

const SAVE = /\/trpc\/[^?]*catalogue\.categories\.save/;

/** Holds the next category save at the network until the returned release; `edit` may rewrite its input. */
async function holdSave(page: Page, edit?: (input: Record<string, unknown>) => void) {
  let open!: () => void;
  const gate = new Promise<void>((r) => {
    open = r;
  });
  let sent!: () => void;
  const done = new Promise<void>((r) => {
    sent = r;
  });
  await page.route(SAVE, async (route: Route) => {
    await gate;
    const req = route.request();
    if (edit) {
      // A mutation goes alone (httpLink, with its Idempotency-Key): the body is `{ json: input }`
      // (superjson); a batch would be `/trpc/a,b?batch=1` with `{ "0": { json: input }, … }`.
      const body = req.postDataJSON() as Record<string, unknown>;
      if ('json' in body) edit(body.json as Record<string, unknown>);
      else {
        const paths = new URL(req.url()).pathname.replace(/^\/trpc\//, '').split(',');
        const entry = body[String(paths.indexOf('catalogue.categories.save'))] as
          | { json: Record<string, unknown> }
          | undefined;
        if (entry) edit(entry.json);
      }
      await route.continue({ postData: JSON.stringify(body) });
    } else {
      await route.continue();
    }
    sent();
  });
  return async () => {
    open();
    await done;
    await page.unroute(SAVE);
  };
}

async function openNewCategory(page: Page) {
  await login(page, DEMO.groupAdmin);
  await page.goto('/#/categories');
  await page.getByTestId('add-category').click();
  const dialog = page.getByTestId('category-dialog');
  await dialog.waitFor();
  return dialog;
}

describe('save dialog and server errors', () => {
  it('a taken name: "Salvando …" (locked), then the error on the name field; fixed, it saves and closes itself', async () => {
    const taken = `Duplicada ${tag()}`;
    const token = await apiLogin(DEMO.groupAdmin);
    const made = await fetch(new URL('/web/categories/', baseUrl()), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: taken, enabled: true }),
    });
    expect(made.status).toBe(201);

    const page = await fresh();
    const dialog = await openNewCategory(page);
    await dialog.getByTestId('category-name').fill(taken);
    let release = await holdSave(page);
    await dialog.getByTestId('save').click();
    await dialog.getByTestId('save-state').getByText(`Salvando ${taken}...`).waitFor();
    // locked while saving: no close button, and Escape does not close it (checked below: the
    // same dialog shows the answer)
    expect(await dialog.getByRole('button', { name: 'Fechar' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await release();

    const error = dialog.getByTestId('category-name-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(`Já existe uma categoria com o nome ${taken}`);
    expect(await dialog.getByTestId('category-name').getAttribute('aria-invalid')).toBe('true');

    const name = `${taken} nova`;
    await dialog.getByTestId('category-name').fill(name);
    await error.waitFor({ state: 'detached' });
    release = await holdSave(page);
    await dialog.getByTestId('save').click();
    await dialog.getByText(`Salvando ${name}...`).waitFor();
    await release();
    await dialog.getByText('Categoria salva com sucesso!').waitFor();
    // closes by itself (after 1.5 s)
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('search').fill(name);
    await page.getByRole('row').filter({ hasText: name }).waitFor();
  });

  it('an invalid value that got past the client is shown on its field from the server’s issues', async () => {
    const page = await fresh();
    const dialog = await openNewCategory(page);
    const name = `Válida ${tag()}`;
    await dialog.getByTestId('category-name').fill(name);
    // The client sends a blank name (as an outdated or foreign client could): the server's
    // VALIDATION_FAILED names the field.
    const release = await holdSave(page, (input) => {
      input.name = '   ';
    });
    await dialog.getByTestId('save').click();
    await release();
    const error = dialog.getByTestId('category-name-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Campo obrigatório');
    expect(await dialog.getByTestId('form-error').textContent()).toBe('Dados inválidos');
    // the form kept what was typed; once edited it saves
    expect(await dialog.getByTestId('category-name').inputValue()).toBe(name);
    await dialog.getByTestId('category-name').fill(`${name}!`);
    await dialog.getByTestId('save').click();
    await dialog.getByText('Categoria salva com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });
});
