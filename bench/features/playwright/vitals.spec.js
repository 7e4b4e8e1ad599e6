// Web vitals budgets: Playwright Test has no vitals of its own, so the
// test reads the page's buffered performance entries itself (CLS as a
// plain sum, not web-vitals' session windows), and polls for INP, whose
// entry comes after the next paint.
// bench: fails "inp" "toBeLessThan"
const { test, expect } = require('@playwright/test');

const vitals = (page) => page.evaluate(() => new Promise((resolve) => {
  const v = { lcp: null, cls: 0, inp: null };
  const observe = (type, fn, opts = {}) =>
    new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true, ...opts });
  observe('largest-contentful-paint', (e) => { v.lcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) v.cls += e.value; });
  observe('event', (e) => { if (e.interactionId) v.inp = Math.max(v.inp ?? 0, e.duration); }, { durationThreshold: 16 });
  setTimeout(() => resolve(v), 100);
}));

test('vitals budgets', async ({ page }) => {
  await page.goto('/conformance/pages/vitals-lcp.html');
  await expect(page.getByText('hero shown')).toBeVisible();
  const { lcp, cls } = await vitals(page);
  expect(lcp, 'lcp').toBeLessThan(2500);
  expect(cls, 'cls').toBeLessThan(0.1);
  await page.goto('/conformance/pages/vitals-click.html');
  await page.getByRole('button', { name: 'Save slowly' }).click();
  await expect(page.getByText('saved slowly')).toBeVisible();
  await expect.poll(async () => (await vitals(page)).inp, { message: 'inp' }).toBeLessThan(200);
});
