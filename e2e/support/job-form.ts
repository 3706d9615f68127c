import type { Page } from 'playwright-core';

/** Draws a stroke over the job form's signature canvas with the mouse. */
export async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-pad');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 20 + i * 18, y + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}
