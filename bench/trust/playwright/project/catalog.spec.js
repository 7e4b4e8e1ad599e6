// bench/trust/run.sh, reproduction 4: one test that passes, one that fails,
// as bench/trust/flows holds for smokeflow.
const { test, expect } = require('@playwright/test');

test('catalog lists Item 1', async ({ page }) => {
  await page.goto('/catalog');
  await expect(page.getByRole('link', { name: 'Item 1' })).toBeVisible();
});

test('catalog lists Item 9', async ({ page }) => {
  await page.goto('/catalog');
  await expect(page.getByRole('link', { name: 'Item 9' })).toBeVisible();
});
