const { kit, expect } = require('./kit');

kit('shoelace', ['select: opened the combobox and clicked the option (selectOption works on native selects only)'], async ({ page }) => {
  await page.goto('/shoelace/');
  await page.getByLabel('Project name').fill('Apollo');
  await page.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: 'Pro' }).click();
  await page.getByRole('checkbox', { name: 'Email me product updates' }).check();
  await page.getByRole('switch', { name: 'Public project' }).check();
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('Created: project=Apollo, plan=Pro, updates=yes, public=yes')).toBeVisible();
});
