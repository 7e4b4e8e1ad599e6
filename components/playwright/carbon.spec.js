const { kit, expect } = require('./kit');

kit('carbon', [
  'select: opened the combobox and clicked the option (selectOption works on native selects only)',
  'check: clicked the label\'s text (the label in the shadow root intercepts the click on the checkbox)',
], async ({ page }) => {
  await page.goto('/carbon/');
  await page.getByLabel('Work email').fill('ada@example.com');
  await page.getByRole('combobox', { name: 'Region' }).click();
  await page.getByRole('option', { name: 'Asia Pacific' }).click();
  await page.getByText('Subscribe to release notes').click();
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Joined: email=ada@example.com, region=Asia Pacific, release notes=yes')).toBeVisible();
});
