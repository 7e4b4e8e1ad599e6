const { kit, expect } = require('./kit');

kit('ag-grid', [], async ({ page }) => {
  await page.goto('/ag-grid/');
  await page.getByLabel('Filter products').fill('mug');
  await page.getByRole('columnheader', { name: 'Price' }).click();
  await page.getByRole('gridcell', { name: 'Short mug' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added: Short mug (9 EUR), row 1 of 3')).toBeVisible();
});
