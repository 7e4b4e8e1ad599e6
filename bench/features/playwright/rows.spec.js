const fs = require('fs');
const path = require('path');
const { test, expect } = require('@playwright/test');

// one test per row of the CSV, named by its first column
const [header, ...lines] = fs.readFileSync(path.join(__dirname, '../flows/rows.csv'), 'utf8').trim().split('\n');
const columns = header.split(',');
const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));

for (const row of rows) {
  test(`sign in [${row.email}]`, async ({ page }) => {
    await page.goto('/conformance/pages/signin.html');
    await page.getByLabel('Email').fill(row.email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Signed in')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(row.email);
  });
}
