const { kit, expect } = require('./kit');

kit('vuetify', [
  'select: force: true on the combobox (the field\'s drawn input intercepts the click), then clicked the option (selectOption works on native selects only)',
], async ({ page }) => {
  await page.goto('/vuetify/');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByRole('combobox', { name: 'Plan' }).click({ force: true });
  await page.getByRole('option', { name: 'Team' }).click();
  await page.getByRole('checkbox', { name: 'Send me invoices by email' }).check();
  await page.getByRole('checkbox', { name: 'Two-factor authentication' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: name=Ada Lovelace, plan=Team, invoices=yes, 2FA=on')).toBeVisible();
});
