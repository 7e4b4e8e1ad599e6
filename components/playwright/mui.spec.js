const { kit, expect } = require('./kit');

kit('mui', ['select: opened the combobox and clicked the option (selectOption works on native selects only)'], async ({ page }) => {
  await page.goto('/mui/');
  await page.getByLabel('Subject').fill('Cannot log in');
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await page.getByRole('switch', { name: 'Urgent' }).check();
  await page.getByRole('button', { name: 'Submit ticket' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Submitted: subject=Cannot log in, priority=High, urgent=yes')).toBeVisible();
});
