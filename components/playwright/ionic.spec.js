const { kit, expect } = require('./kit');

kit('ionic', [
  'check: click() in place of check() on the toggle (check() fails with "Clicking the checkbox did not change its state", though the toggle ends checked)',
  'select: force: true on the select\'s button (its drawn control intercepts the click), then clicked the radio and OK in its alert (selectOption works on native selects only)',
], async ({ page }) => {
  await page.goto('/ionic/');
  await page.getByLabel('Name on the shirt').fill('Ada');
  await page.getByRole('button', { name: 'Size' }).click({ force: true });
  await page.getByRole('radio', { name: 'Medium' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('switch', { name: 'Gift wrap' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Ordered: name=Ada, size=Medium, gift wrap=yes')).toBeVisible();
});
