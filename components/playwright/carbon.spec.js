const { kit, expect } = require('./kit');

kit('carbon', ['select: opened the combobox and clicked the option (selectOption works on native selects only)'], async ({ page }) => {
  await page.goto('/carbon/');
  await page.getByLabel('Work email').fill('ada@example.com');
  await page.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Asia Pacific' }).click();
  await page.getByRole('checkbox', { name: 'Subscribe to release notes' }).check();
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Joined: email=ada@example.com, region=Asia Pacific, release notes=yes')).toBeVisible();
});
