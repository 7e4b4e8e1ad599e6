const { kit, expect } = require('./kit');

kit('react-day-picker', [
  'select: typed into the combobox and opened the select, then clicked the options (selectOption works on native selects only)',
  'the day: getByText with exact: true (getByText("20") also finds "June 2025", a strict mode violation; getByRole by the name "20" finds every day of 2025)',
], async ({ page }) => {
  await page.goto('/react-day-picker/');
  await page.getByRole('combobox', { name: 'Book' }).fill('Moby');
  await page.getByRole('option', { name: 'Moby Dick' }).click();
  await page.getByRole('combobox', { name: 'Branch' }).click();
  await page.getByRole('option', { name: 'Riverside' }).click();
  await page.getByText('20', { exact: true }).click();
  await page.getByRole('button', { name: 'Borrow' }).click();
  await expect(page.getByText('Loan: Moby Dick at Riverside, Fri Jun 20 2025')).toBeVisible();
});
