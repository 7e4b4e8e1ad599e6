const { kit, expect } = require('./kit');

kit('vaadin', [
  'select: typed into the combobox and clicked the option (selectOption works on native selects only)',
  'check: clicked the label\'s text (the checkbox\'s native input is invisible)',
], async ({ page }) => {
  await page.goto('/vaadin/');
  await page.getByLabel('Company').fill('Acme');
  await page.getByRole('combobox', { name: 'Country' }).fill('Spa');
  await page.getByRole('option', { name: 'Spain' }).click();
  await page.getByLabel('Start date').fill('6/20/2025');
  await page.getByLabel('Start date').press('Enter');
  await page.getByText('Remote position').click();
  await page.getByRole('button', { name: 'Post job' }).click();
  await expect(page.getByText('Posted: company=Acme, country=Spain, start=2025-06-20, remote=yes')).toBeVisible();
});
