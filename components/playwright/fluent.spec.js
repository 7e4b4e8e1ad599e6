const { kit, expect } = require('./kit');

kit('fluent', ['select: opened the combobox and clicked the option (selectOption works on native selects only)'], async ({ page }) => {
  await page.goto('/fluent/');
  await page.getByRole('tab', { name: 'Tomorrow' }).click();
  await page.getByLabel('Meeting title').fill('Planning');
  await page.getByRole('combobox', { name: 'Room' }).click();
  await page.getByRole('option', { name: 'Borealis' }).click();
  await page.getByRole('checkbox', { name: 'Needs a projector' }).check();
  await page.getByRole('switch', { name: 'Private meeting' }).check();
  await page.getByRole('button', { name: 'Book room' }).click();
  await expect(page.getByText('Booked: day=Tomorrow, title=Planning, room=Borealis, projector=yes, private=yes')).toBeVisible();
});
