const { kit, expect } = require('./kit');

kit('antd', [
  'select: opened the combobox and clicked the option (selectOption works on native selects only)',
  'option: clicked by its title (the role=option elements are a hidden copy for screen readers; the visible options have no role)',
], async ({ page }) => {
  await page.goto('/antd/');
  await page.getByLabel('Username').fill('ada');
  await page.getByLabel('Team').click();
  await page.getByTitle('Engineering').click();
  await page.getByRole('radio', { name: 'Yearly' }).check();
  await page.getByLabel('Start date').fill('2025-06-20');
  await page.getByLabel('Start date').press('Enter');
  await page.getByRole('checkbox', { name: 'Subscribe to the newsletter' }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registered: username=ada, team=Engineering, billing=Yearly, start=2025-06-20, newsletter=yes')).toBeVisible();
});
