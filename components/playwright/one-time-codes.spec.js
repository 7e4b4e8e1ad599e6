const { kit, expect } = require('./kit');

kit('one-time-codes', [
  'the SMS code: clicked its first box and typed the code with pressSequentially (getByLabel finds the group, which fill does not take)',
  'the authenticator code: clicked its first box by its own name and typed the code with pressSequentially (getByLabel finds two elements, a strict mode violation)',
], async ({ page }) => {
  await page.goto('/one-time-codes/');
  await page.getByLabel('Please enter OTP character 1').pressSequentially('123456');
  await page.getByLabel('Email code').fill('234567');
  await page.getByLabel('pin code 1 of 6').pressSequentially('345678');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verified: sms 123456, email 234567, app 345678')).toBeVisible();
});
