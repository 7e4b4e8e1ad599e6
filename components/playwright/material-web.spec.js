const { kit, expect } = require('./kit');

kit('material-web', ['select: opened the combobox and clicked the option (selectOption works on native selects only)'], async ({ page }) => {
  await page.goto('/material-web/');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByRole('combobox', { name: 'City' }).click();
  await page.getByRole('option', { name: 'Lyon' }).click();
  await page.getByRole('checkbox', { name: 'I accept the terms' }).check();
  await page.getByRole('switch', { name: 'Send me the newsletter' }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Signed up: name=Ada Lovelace, city=Lyon, terms=yes, newsletter=yes')).toBeVisible();
});
