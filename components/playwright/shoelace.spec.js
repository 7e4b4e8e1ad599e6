const { kit, expect } = require('./kit');

kit('shoelace', [
  'select: opened the combobox and clicked the option (selectOption works on native selects only)',
  'check: clicked the labels\' text (the native checkbox and switch are hidden under drawn ones, which intercept the click)',
], async ({ page }) => {
  await page.goto('/shoelace/');
  await page.getByLabel('Project name').fill('Apollo');
  await page.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: 'Pro' }).click();
  await page.getByText('Email me product updates').click();
  await page.getByText('Public project').click();
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('Created: project=Apollo, plan=Pro, updates=yes, public=yes')).toBeVisible();
});
