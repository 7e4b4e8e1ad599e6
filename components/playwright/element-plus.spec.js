const { kit, expect } = require('./kit');

kit('element-plus', [
  'select: opened the combobox and clicked the option (selectOption works on native selects only)',
  'select: clicked its placeholder text (the placeholder intercepts the click on the labelled combobox)',
  'check: clicked the label\'s text (the switch\'s native input is invisible)',
], async ({ page }) => {
  await page.goto('/element-plus/');
  await page.getByLabel('Event name').fill('Launch party');
  await page.getByText('Select a venue').click();
  await page.getByRole('option', { name: 'Rooftop terrace' }).click();
  await page.getByLabel('Date').fill('2025-06-20');
  await page.getByLabel('Date').press('Enter');
  await page.getByText('Public event').click();
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByText('Created: event=Launch party, venue=Rooftop terrace, date=2025-06-20, public=yes')).toBeVisible();
});
