// Screenshots of every lesson step on a phone, light and dark (not a test):
// `node tests/browser/shots.mjs [dir] [width]`, to look at by eye.
import { openWidget, shutdown, waitFor } from './harness.mjs';

const dir = process.argv[2] || '/tmp';
const width = Number(process.argv[3] || 390);
for (const colorScheme of ['light', 'dark']) {
  const w = await openWidget('?tour=1', { width, height: 844, colorScheme });
  for (let k = 1; k <= 8; k += 1) {
    await w.locator('tour').waitFor();
    await w.page.waitForTimeout(1500);
    await w.toEnd().catch(() => {});
    await w.page.waitForTimeout(300);
    await w.page.screenshot({ path: `${dir}/step${k}-${width}-${colorScheme}.png`, fullPage: true });
    await w.locator('tour-next').click();
  }
  await w.close();
}
await shutdown();
