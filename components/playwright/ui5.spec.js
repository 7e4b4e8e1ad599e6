const { kit, expect } = require('./kit');

kit('ui5', ['select: opened the combobox and clicked the option (selectOption works on native selects only)'], async ({ page }) => {
  await page.goto('/ui5/');
  await page.getByLabel('Title').fill('Quarterly report');
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await page.getByRole('checkbox', { name: 'Notify the team' }).check();
  await page.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Created: title=Quarterly report, priority=High, notify=yes')).toBeVisible();
});
