// Screenshots of steps 2 and 3 on a phone, light and dark, at each part of
// their goals (not a test): `node tests/browser/shots-parts.mjs [dir] [width]`.
import { openWidget, shutdown, waitFor } from './harness.mjs';

const dir = process.argv[2] || '/tmp';
const width = Number(process.argv[3] || 390);
const parts = (w, p) => waitFor(async () => (await w.locator('tour-goal').getAttribute('data-parts')) === p, { message: p });
for (const colorScheme of ['light', 'dark']) {
  const w = await openWidget('?tour=2', { width, height: 844, colorScheme });
  const shot = async (name) => {
    await w.page.waitForTimeout(700);
    await w.toEnd().catch(() => {});
    // The status line is written once the narration has spoken.
    await w.page.waitForTimeout(1600);
    await w.page.screenshot({ path: `${dir}/${name}-${width}-${colorScheme}.png`, fullPage: true });
  };
  await w.locator('tour').waitFor();
  await shot('step2-open');
  await w.setSlider('servers', 4);
  await parts(w, '1/3');
  await shot('step2-part1');
  await w.choose('lb-sticky');
  await parts(w, '2/3');
  await shot('step2-part2');
  await w.setSlider('move', 20);
  await parts(w, '3/3');
  await shot('step2-done');
  await w.goto('?tour=3');
  await w.locator('tour').waitFor();
  await shot('step3-open');
  await w.setSlider('servers', 2);
  await parts(w, '1/2');
  await shot('step3-part1');
  await w.locator('strategy-edge').click();
  await parts(w, '2/2');
  await shot('step3-done');
  await w.goto('?tour=5');
  await w.setSlider('servers', 12);
  await w.setSlider('rtt', 10);
  await parts(w, '1/1');
  await shot('step5-done');
  await w.close();
}
await shutdown();
