const { kit, expect } = require('./kit');

kit('trix', [], async ({ page }) => {
  await page.goto('/trix/');
  await page.getByLabel('Subject').fill('Release');
  await page.getByRole('textbox', { name: 'Message' }).pressSequentially('Ship it ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.getByRole('textbox', { name: 'Message' }).pressSequentially('today');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Sent: subject=Release, text="Ship it today", bold=today')).toBeVisible();
});
