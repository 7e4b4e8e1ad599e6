// One-time codes: Playwright has none, so the code comes from otplib, of
// the key in TOTP_SECRET.
const { test, expect } = require('@playwright/test');
const { generateSync } = require('otplib');

test('one-time code', async ({ page }) => {
  await page.goto('/conformance/pages/totp.html');
  await page.getByLabel('Authentication code').fill(generateSync({ secret: process.env.TOTP_SECRET }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verified')).toBeVisible();
});
