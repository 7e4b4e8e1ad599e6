const { kit, expect } = require('./kit');

kit('chosen', [
  'select: clicked the single select by its placeholder text, the multi select\'s unnamed search box within its paragraph, and the options as list items (Chosen names neither widget and gives its options no role; getByText also finds the hidden native option)',
], async ({ page }) => {
  await page.goto('/chosen/');
  await page.getByText('Choose a team').click();
  await page.getByRole('listitem').filter({ hasText: 'Bears' }).click();
  await page.getByRole('paragraph').filter({ hasText: 'Sports' }).getByRole('textbox').click();
  await page.getByRole('listitem').filter({ hasText: 'Tennis' }).click();
  await page.getByRole('paragraph').filter({ hasText: 'Sports' }).getByRole('textbox').click();
  await page.getByRole('listitem').filter({ hasText: 'Climbing' }).click();
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Joined: team=Bears, sports=Tennis+Climbing')).toBeVisible();
});
