const { kit, expect } = require('./kit');

kit('select2', ['select: opened each combobox and clicked the option, reopening it for the second language (selectOption on the hidden native select does not update Select2)'], async ({ page }) => {
  await page.goto('/select2/');
  await page.getByRole('combobox', { name: 'Home city' }).click();
  await page.getByRole('option', { name: 'Lyon' }).click();
  await page.getByRole('combobox', { name: 'Languages' }).click();
  await page.getByRole('option', { name: 'French' }).click();
  await page.getByRole('combobox', { name: 'Languages' }).click();
  await page.getByRole('option', { name: 'German' }).click();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Saved: city=Lyon, languages=French+German')).toBeVisible();
});
