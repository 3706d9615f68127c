// Renders public/favicon.svg into the PNG icons of the web manifest.
// Run once after changing the SVG: node apps/web/scripts/make-icons.mjs
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const pub = fileURLToPath(new URL('../public/', import.meta.url));
const svg = await readFile(`${pub}favicon.svg`, 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();

async function render(file, size, maskable) {
  await page.setViewportSize({ width: size, height: size });
  // A maskable icon is full-bleed with the symbol inside the 80 % safe zone.
  const body = maskable
    ? `<div style="width:${size}px;height:${size}px;background:#02a7b8;display:grid;place-items:center">
         <div style="width:${size * 0.8}px;height:${size * 0.8}px">${svg.replace('rx="112"', 'rx="0"')}</div></div>`
    : `<div style="width:${size}px;height:${size}px">${svg}</div>`;
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${body}</body></html>`,
  );
  await page.screenshot({ path: `${pub}${file}`, omitBackground: true });
}

await render('icon-192.png', 192, false);
await render('icon-512.png', 512, false);
await render('icon-512-maskable.png', 512, true);
await render('apple-touch-icon.png', 180, true);
await browser.close();
