const { kit, expect } = require('./kit');

kit('datatables', [], async ({ page }) => {
  await page.goto('/datatables/');
  await page.getByLabel('Search:').fill('Edinburgh');
  await expect(page.getByText('Showing 1 to 4 of 4 entries')).toBeVisible();
  await page.getByRole('columnheader', { name: 'Age' }).click();
  await page.getByRole('cell', { name: 'Cedric Kelly' }).click();
  await expect(page.getByText('Selected: Cedric Kelly (Edinburgh, 22), row 1 of 4')).toBeVisible();
});
