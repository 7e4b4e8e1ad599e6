const { kit, expect } = require('./kit');

kit('trix', [
  'the editor: a CSS locator, trix-editor (the label that points at it does not name it, and it is one of two textboxes)',
], async ({ page }) => {
  await page.goto('/trix/');
  await page.getByLabel('Subject').fill('Release');
  await page.locator('trix-editor').pressSequentially('Ship it ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.locator('trix-editor').pressSequentially('today');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Sent: subject=Release, text="Ship it today", bold=today')).toBeVisible();
});
