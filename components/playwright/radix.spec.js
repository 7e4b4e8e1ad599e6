const { kit, expect } = require('./kit');

kit('radix', [
  'the email field: getByLabel with exact: true (getByLabel("Email") also finds the checkbox "Send a welcome email", a strict mode violation)',
  'select: opened each Select and the combobox and clicked the option (selectOption works on native selects only)',
  'the slider: focused its thumb and pressed ArrowRight four times (fill works on inputs only, and the thumb is a span)',
], async ({ page }) => {
  await page.goto('/radix/');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'Sweden' }).click();
  await page.getByRole('combobox', { name: 'Framework' }).click();
  await page.getByRole('option', { name: 'Remix' }).click();
  await page.getByRole('checkbox', { name: 'Send a welcome email' }).check();
  await page.getByRole('switch', { name: 'Require two-factor' }).check();
  await page.getByRole('radio', { name: 'Pro' }).check();
  await page.getByRole('slider', { name: 'Seats' }).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('Invited: ada@example.com as Editor from Sweden on Remix, plan pro, 5 seats, welcome on, 2FA on')).toBeVisible();
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: 'Move to' }).click();
  await page.getByRole('menuitem', { name: 'Project C' }).click();
  await expect(page.getByText('Moved to Project C')).toBeVisible();
  await page.getByRole('button', { name: 'Remove member' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Removed')).toBeVisible();
});
