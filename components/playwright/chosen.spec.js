const { kit, expect } = require('./kit');

kit('chosen', [
  'select: clicked the widget by its visible text and the option by its text (Chosen gives its widget no role or name and its options no role)',
], async ({ page }) => {
  await page.goto('/chosen/');
  await page.getByText('Choose a team').click();
  await page.getByText('Bears', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Choose sports' }).click();
  await page.getByText('Tennis', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Choose sports' }).click();
  await page.getByText('Climbing', { exact: true }).click();
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Joined: team=Bears, sports=Tennis+Climbing')).toBeVisible();
});
