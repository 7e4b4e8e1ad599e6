const { kit, expect } = require('./kit');

kit('mantine', ['select: opened the combobox and clicked the option (selectOption works on native selects only)'], async ({ page }) => {
  await page.goto('/mantine/');
  await page.getByRole('tab', { name: 'Dinner' }).click();
  await page.getByLabel('Your name').fill('Ada');
  await page.getByRole('combobox', { name: 'Restaurant' }).click();
  await page.getByRole('option', { name: 'Café Comptoir' }).click();
  await page.getByRole('checkbox', { name: 'Terrace seating' }).check();
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText('Booked: service=Dinner, name=Ada, restaurant=Café Comptoir, terrace=yes')).toBeVisible();
});
