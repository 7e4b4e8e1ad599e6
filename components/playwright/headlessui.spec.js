const { kit, expect } = require('./kit');

kit('headlessui', ['select: opened the listbox button and clicked the option (selectOption works on native selects only)'], async ({ page }) => {
  await page.goto('/headlessui/');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('button', { name: 'Default assignee' }).click();
  await page.getByRole('option', { name: 'Katherine Johnson' }).click();
  await page.getByRole('switch', { name: 'Email alerts' }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: assignee=Katherine Johnson, email alerts=on')).toBeVisible();
});
