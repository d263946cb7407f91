/**
 * Renders the installable app's icons (src/client/public/icons/*.png) from the logo mark
 * (src/client/public/logo-mark.svg) with the headless Chromium the e2e tests use:
 * `npx tsx scripts/pwa-icons.ts`. "any" icons are the mark as drawn (rounded teal square); the
 * maskable ones fill the whole square with the primary colour and keep the mark's drawing inside
 * the central 80 % circle that launchers never crop.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'src/client/public');
const mark = readFileSync(path.join(publicDir, 'logo-mark.svg'), 'utf8');
const PRIMARY = '#0f4c5c';

/** The mark's drawing without its rounded square, scaled around the centre, on a full-bleed square. */
function maskable(): string {
  const inner = mark
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<rect[^>]*\/>/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${PRIMARY}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${inner}</g></svg>`;
}

const ICONS: { file: string; size: number; svg: string }[] = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  { file: 'maskable-192.png', size: 192, svg: maskable() },
  { file: 'maskable-512.png', size: 512, svg: maskable() },
  // iOS puts its own rounded corners on the home-screen icon: full-bleed like the maskable one.
  { file: 'apple-touch-icon.png', size: 180, svg: maskable() },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    writeFileSync(path.join(publicDir, 'icons', icon.file), png);
    await page.close();
    console.log(`icons/${icon.file} (${icon.size}×${icon.size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
