// Soft checks: expect.soft records a failure and the test goes on to its
// last, hard check, which holds; the test fails listing the three.
// bench: fails "toHaveTitle" "toBeEnabled" "toHaveCount" "1 failed"
const { test, expect } = require('@playwright/test');

test('soft checks', async ({ page }) => {
  await page.goto('/conformance/pages/expect.html');
  await expect.soft(page).toHaveTitle(/Checkout/);
  await expect.soft(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  await expect.soft(page.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('Shipped')).toBeVisible();
});
