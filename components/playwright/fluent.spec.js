const { kit, expect } = require('./kit');

kit('fluent', [
  'fill: the only textbox, unnamed (getByLabel finds the host, which does not take text)',
  'select: the combobox by its placeholder text (it has no name), then the option by its text (options take their role through ElementInternals, which getByRole does not see)',
  'check: clicked the labels\' text (the checkbox and switch take their roles through ElementInternals, which getByRole does not see)',
  'click: the button by its text (its role comes through ElementInternals, which getByRole does not see)',
], async ({ page }) => {
  await page.goto('/fluent/');
  await page.getByRole('tab', { name: 'Tomorrow' }).click();
  await page.getByRole('textbox').fill('Planning');
  await page.getByRole('combobox').filter({ hasText: 'Choose a room' }).click();
  await page.getByText('Borealis').click();
  await page.getByText('Needs a projector').click();
  await page.getByText('Private meeting').click();
  await page.getByText('Book room').click();
  await expect(page.getByText('Booked: day=Tomorrow, title=Planning, room=Borealis, projector=yes, private=yes')).toBeVisible();
});
