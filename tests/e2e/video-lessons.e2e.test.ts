import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../src/server/db/database.ts';
import { demoLessonVideo } from '../../src/server/domains/videos/demo-video/lesson-video.ts';
import { lessonKey } from '../../src/server/domains/videos/service.ts';
import { fileStore } from '../../src/server/files/store.ts';
import { DEMO, login, setUpBrowser } from './browser.ts';

const { fresh } = setUpBrowser();

const TITLES = [
  'Cadastro de Equipamentos',
  'Cadastro de Produtos',
  'Tela de Dashboard',
  'Cadastro de Empresas',
  'Cadastro de Funcionários',
  'Realizando Inspeção',
  'Realizando Manutenção',
  'Relatórios Inspeções',
  'Relatórios Manutenções',
  'Tela de Tags',
];

afterAll(async () => {
  // The upload below gave the last lesson a video: the demo data leaves it missing.
  await fileStore().delete(lessonKey('tela-de-tags', 'mp4'));
});

describe('video lessons (/video-lessons)', () => {
  it('the operator sees the lessons in the seed’s order; a video plays through its signed link; the missing one is a placeholder', async () => {
    const page = await fresh();
    await login(page, DEMO.operator);
    await page.goto('/#/video-lessons');
    const grid = page.getByTestId('lessons-grid');
    await grid.waitFor();
    expect(await grid.getByTestId('lesson-title').allTextContents()).toEqual(TITLES);

    const first = page.getByTestId('lesson-cadastro-de-equipamentos').getByTestId('lesson-video');
    expect(await first.getAttribute('src')).toMatch(
      /^\/web\/video-lessons\/files\/cadastro-de-equipamentos\.mp4\?exp=\d+&sig=/,
    );
    await first.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    // Decoded frames and the clock moving: the browser fetched and played the file (ranges included).
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>(
          '[data-testid="lesson-cadastro-de-equipamentos"] [data-testid="lesson-video"]',
        );
        return !!v && v.readyState >= 2 && v.currentTime > 0;
      },
      undefined,
      { timeout: 15_000 },
    );
    const state = await first.evaluate((v: HTMLVideoElement) => ({
      width: v.videoWidth,
      height: v.videoHeight,
      duration: v.duration,
      error: v.error?.code ?? null,
    }));
    expect(state).toEqual({ width: 512, height: 288, duration: 5, error: null });

    // Seeking asks for a byte range of the same signed link.
    await first.evaluate(async (v: HTMLVideoElement) => {
      v.pause();
      const seeked = new Promise((r) => v.addEventListener('seeked', r, { once: true }));
      v.currentTime = 4;
      await seeked;
    });
    expect(await first.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime))).toBe(4);

    const missing = page.getByTestId('lesson-tela-de-tags');
    await missing.getByTestId('lesson-placeholder').waitFor();
    expect(await missing.getByTestId('lesson-video').count()).toBe(0);
    expect(await missing.textContent()).toContain('Vídeo ainda não disponível');
    // Only the provider admin uploads.
    expect(await page.getByTestId('lesson-upload').count()).toBe(0);
  });

  it('the provider admin uploads the missing lesson from the page and it plays', async () => {
    const page = await fresh();
    await login(page, DEMO.admin);
    await page.goto('/#/video-lessons');
    const card = page.getByTestId('lesson-tela-de-tags');
    await card.getByTestId('lesson-placeholder').waitFor();
    const file = join(tmpdir(), `aula-${process.pid}.mp4`);
    await writeFile(file, demoLessonVideo({ number: 10, seconds: 2 }));
    await card.getByTestId('lesson-upload-input').setInputFiles(file);
    const video = card.getByTestId('lesson-video');
    await video.waitFor();
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>(
          '[data-testid="lesson-tela-de-tags"] [data-testid="lesson-video"]',
        );
        return !!v && v.readyState >= 2 && v.currentTime > 0;
      },
      undefined,
      { timeout: 15_000 },
    );
  });
});

describe('usage page (/usage)', () => {
  it('counts the pages the provider admin opened, per route', async () => {
    const page = await fresh();
    await login(page, DEMO.admin);
    // Route changes inside the app (the queue lives in the page): two lessons views, one tag list.
    for (const path of ['/video-lessons', '/tags', '/video-lessons']) {
      await page.evaluate((p) => {
        window.location.hash = `#${p}`;
      }, path);
      await page.waitForFunction((p) => window.location.hash === `#${p}`, path);
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    await page.evaluate(() => {
      window.location.hash = '#/usage';
    });
    const routes = page.getByTestId('usage-routes');
    await routes.waitFor();
    const views = async (route: string) =>
      Number(
        (await routes.locator(`tr[data-route="${route}"] [data-testid="usage-route-views"]`).textContent()) ??
          '0',
      );
    expect(await views('/video-lessons')).toBeGreaterThanOrEqual(2);
    expect(await views('/tags')).toBeGreaterThanOrEqual(1);
    expect(await views('/usage')).toBeGreaterThanOrEqual(1);
    expect(
      Number((await page.getByTestId('usage-total').textContent())?.replace(/\D/g, '')),
    ).toBeGreaterThanOrEqual(4);

    // A route's row narrows the page to it (kept in the URL).
    await routes.getByRole('button', { name: /\/tags$/ }).click();
    await page.waitForFunction(() => window.location.hash.includes('route=%2Ftags'));
    await page.getByTestId('usage-filter').waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="usage-routes"] tr[data-route]').length === 1,
    );
  });
});

describe('usage page: the route list is capped (issue 26 item 5)', () => {
  it('shows the 100 busiest routes of a day that stored 150 invented ones, and says so', async () => {
    // What a database may hold from before page views were held to the client's routes.
    const day = '2020-04-01';
    const routes = Array.from({ length: 150 }, (_, i) => `/e2e-old-${String(i).padStart(3, '0')}`);
    await sql`insert into core.page_view_days (day, route, company_group_id, company_id, views)
      select ${day}::date, r, null, null, 1000 - o::int from unnest(${routes}::text[]) with ordinality as t(r, o)
      on conflict do nothing`.execute(coreDb());
    const page = await fresh();
    await login(page, DEMO.admin);
    await page.evaluate((d) => {
      window.location.hash = `#/usage?from=${d}&to=${d}`;
    }, day);
    const capped = page.getByTestId('usage-routes-capped');
    await capped.waitFor();
    expect(await capped.textContent()).toBe('Mostrando as 100 telas com mais acessos.');
    expect(await page.locator('[data-testid="usage-routes"] tr[data-route]').count()).toBe(100);
    expect(
      await page.locator('[data-testid="usage-routes"] tr[data-route]').first().getAttribute('data-route'),
    ).toBe('/e2e-old-000');
  });
});
