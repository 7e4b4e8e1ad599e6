const { kit, expect } = require('./kit');

kit('mui-x-date-pickers', [
  'the date and the time: clicked the first segment and typed the digits with page.keyboard (getByLabel("Departure") resolves to two elements, a strict mode violation, and the field is a group of spinbuttons, no input fill takes)',
], async ({ page }) => {
  await page.goto('/mui-x-date-pickers/');
  await page.getByRole('group', { name: 'Departure' }).getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type('01052026');
  await page.getByRole('group', { name: 'Pickup time' }).getByRole('spinbutton', { name: 'Hours' }).click();
  await page.keyboard.type('0205PM');
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText('Booked: 2026-01-05 14:05')).toBeVisible();
});
