const { kit, expect } = require('./kit');

kit('flatpickr', [
  'the date field: found by its placeholder as a textbox (its label names the hidden input flatpickr replaced, and getByPlaceholder finds both)',
], async ({ page }) => {
  await page.goto('/flatpickr/');
  await page.getByRole('textbox', { name: 'Select a date' }).click();
  await page.getByLabel('June 20, 2025').click();
  await page.getByLabel('Nights').fill('3');
  await page.getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByText('Reserved: check-in=2025-06-20, nights=3')).toBeVisible();
});
