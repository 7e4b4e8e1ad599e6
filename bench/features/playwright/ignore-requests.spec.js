// Ignored requests: Playwright Test has no failed-requests check, so the
// test collects the responses of 400 or more and the failed requests
// itself, leaves out the font and the beacon, and expects none left.
const { test, expect } = require('@playwright/test');

const ignored = [/\.woff2$/, /\/collect\//];

test('ignored requests', async ({ page }) => {
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.request().method()} ${r.url()} ${r.status()}`); });
  page.on('requestfailed', (r) => failed.push(`${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  await page.goto('/conformance/pages/fonts-beacon.html');
  await expect(page.getByText('ready (beacon 404)')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failed.filter((f) => !ignored.some((re) => re.test(f.split(' ')[1])))).toEqual([]);
});
