const { kit, expect } = require('./kit');

kit('react-aria', [
  'the date and the time: clicked the first segment and typed the digits with page.keyboard (getByLabel finds the group and each segment, and fill takes neither)',
], async ({ page }) => {
  await page.goto('/react-aria/');
  await page.getByRole('spinbutton', { name: 'month, Check-in' }).click();
  await page.keyboard.type('07042026');
  await page.getByRole('spinbutton', { name: 'hour, Arrival time' }).click();
  await page.keyboard.type('1145AM');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: 2026-07-04 11:45')).toBeVisible();
});
