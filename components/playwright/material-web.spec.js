const { kit, expect } = require('./kit');

kit('material-web', [
  'select: opened the combobox and clicked the option (selectOption works on native selects only)',
  'check: clicked the labels\' text (the checkbox and switch inside a wrapping label have no name for getByRole)',
], async ({ page }) => {
  await page.goto('/material-web/');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByRole('combobox', { name: 'City' }).click();
  await page.getByRole('option', { name: 'Lyon' }).click();
  await page.getByText('I accept the terms').click();
  await page.getByText('Send me the newsletter').click();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Signed up: name=Ada Lovelace, city=Lyon, terms=yes, newsletter=yes')).toBeVisible();
});
