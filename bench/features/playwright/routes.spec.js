const { test, expect } = require('@playwright/test');

test('routes: a mocked JSON answer is shown, an aborted request shows the error', async ({ page }) => {
  await page.route('**/api/items', (route) =>
    route.fulfill({ json: { items: [{ name: 'Kettle' }, { name: 'Teapot' }] } }));
  await page.goto('/conformance/pages/routes-fetch.html');
  await expect(page.locator('#list')).toContainText('Teapot');
  await page.route('**/api/items', (route) => route.abort());
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('alert')).toContainText('Could not load items');
});
