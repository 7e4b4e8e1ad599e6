const { kit, expect } = require('./kit');

kit('react-aria', [
  'the date and the time: clicked the first segment and typed the digits with page.keyboard (getByLabel("Check-in") resolves to four elements, a strict mode violation, and the field is a group of spinbuttons, no input fill takes)',
  'select: opened the Select\'s button and the ComboBox\'s button and clicked the option (selectOption works on native selects only)',
  'the radio, the switch and the checkbox: clicked their labels\' text (their native inputs are hidden under the labels, which intercept the click)',
], async ({ page }) => {
  await page.goto('/react-aria/');
  await page.getByRole('spinbutton', { name: 'month, Check-in' }).click();
  await page.keyboard.type('07042026');
  await page.getByRole('spinbutton', { name: 'hour, Arrival time' }).click();
  await page.keyboard.type('1145AM');
  await page.getByRole('button', { name: 'Room' }).click();
  await page.getByRole('option', { name: 'Suite' }).click();
  await page.getByRole('button', { name: 'Show suggestions' }).click();
  await page.getByRole('option', { name: 'Lisbon' }).click();
  await page.getByText('Twin beds', { exact: true }).click();
  await page.getByText('Quiet room', { exact: true }).click();
  await page.getByText('I accept the terms', { exact: true }).click();
  await page.getByRole('slider', { name: 'Floor' }).fill('7');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: 2026-07-04 11:45, room=suite, city=lisbon, bed=twin, quiet=true, terms=true, floor=7')).toBeVisible();
});
