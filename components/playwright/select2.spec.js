const { kit, expect } = require('./kit');

kit('select2', [
  'select: the combobox by its placeholder and the multi select by its search box (neither is named by its label, which names the hidden native select), then clicked each option, reopening for the second (selectOption on the hidden native select does not update Select2)',
], async ({ page }) => {
  await page.goto('/select2/');
  await page.getByRole('combobox', { name: 'Choose a city' }).click();
  await page.getByRole('option', { name: 'Lyon' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).click();
  await page.getByRole('option', { name: 'French' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).click();
  await page.getByRole('option', { name: 'German' }).click();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Saved: city=Lyon, languages=French+German')).toBeVisible();
});
