const { kit, expect } = require('./kit');

kit('jquery-ui', [
  'select: the selectmenu\'s combobox by its current value (it has no name: its label names the hidden native select), then clicked the option',
], async ({ page }) => {
  await page.goto('/jquery-ui/');
  await page.getByRole('combobox').filter({ hasText: 'Standard' }).click();
  await page.getByRole('option', { name: 'Express' }).click();
  await page.getByLabel('Delivery date').click();
  await page.getByRole('link', { name: '20', exact: true }).click();
  await page.getByRole('tab', { name: 'Gift options' }).click();
  await page.getByLabel('Gift message').fill('Happy birthday');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Ordered: speed=Express, date=2025-06-20, gift message=Happy birthday')).toBeVisible();
});
