// AdminLTE: each test has the steps of the flow of ../flows/adminlte-*.yaml
// with the same name.
const { test, expect } = require('@playwright/test');

const PAGES = '/node_modules/admin-lte/pages';

test('AdminLTE — open the sidebar tree menu and a navbar dropdown', async ({ page }) => {
  await page.goto(PAGES + '/tables/data.html');
  await expect(page.getByRole('link', { name: 'Validation' })).toBeHidden();
  await page.getByRole('link', { name: 'Forms' }).click();
  await page.getByRole('link', { name: 'Validation' }).click();
  await expect(page).toHaveURL(/\/pages\/forms\/validation\.html/);
  await expect(page.getByText('Quick Example')).toBeVisible();
  await page.getByRole('link', { name: '15' }).click();
  await expect(page.getByText('15 Notifications')).toBeVisible();
  await page.getByText('See All Notifications').click();
});

// dialogMessage answers the page's next dialog (accepting it, as
// smokeflow answers an alert) and returns a function for its message.
function dialogMessage(page) {
  let message;
  page.once('dialog', (d) => { message = d.message(); d.accept(); });
  return () => message;
}

test('AdminLTE — a form refuses empty fields, then submits', async ({ page }) => {
  await page.goto(PAGES + '/forms/validation.html');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please enter a email address')).toBeVisible();
  await expect(page.getByText('Please accept our terms')).toBeVisible();
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByLabel('Email address').press('Tab');
  await page.getByLabel('Password').fill('analytical');
  await page.getByLabel('Password').press('Tab');
  await expect(page.getByText('Please provide a password')).toBeHidden();
  // the input is drawn over by its label, whose middle is a link: a click
  // on the label beside the link (smokeflow's check clicks there too), then
  // the state checked, as smokeflow's check does
  await page.locator('label[for="exampleCheck1"]').click({ position: { x: 8, y: 8 } });
  await expect(page.getByLabel('I agree to the terms of service.')).toBeChecked();
  const message = dialogMessage(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(message).toBe('Form successful submitted!');
});

test('AdminLTE — a form refuses a bad email and a short password', async ({ page }) => {
  await page.goto(PAGES + '/forms/validation.html');
  await page.getByLabel('Email address').fill('ada');
  await page.getByLabel('Email address').press('Tab');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Password').fill('abc');
  await page.getByLabel('Password').press('Tab');
  await expect(page.getByText('Your password must be at least 5 characters long')).toBeVisible();
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByLabel('Email address').press('Tab');
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await expect(page.getByText('Your password must be at least 5 characters long')).toBeVisible();
});

test('AdminLTE — filter, page and sort a data table', async ({ page }) => {
  await page.goto(PAGES + '/tables/data.html');
  const search = page.getByLabel('Search:');
  const firstBrowser = page.locator('#example1 tbody tr:first-child td:nth-child(2)');
  const sortBrowser = page.locator('#example1').getByRole('columnheader', { name: 'Browser: activate to sort' });
  await search.fill('Netscape');
  await expect(page.getByText('Showing 1 to 3 of 3 entries (filtered from 57 total entries)')).toBeVisible();
  await search.fill('');
  // both tables say so (smokeflow's visible: at least one match)
  await expect(page.getByText('Showing 1 to 10 of 57 entries').first()).toBeVisible();
  await page.locator('#example2_wrapper').getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('Showing 11 to 20 of 57 entries')).toBeVisible();
  await sortBrowser.click();
  await expect(firstBrowser).toContainText('All others');
  await sortBrowser.click();
  await expect(firstBrowser).toContainText('Seamonkey');
});

test('AdminLTE — search a data table', async ({ page }) => {
  await page.goto(PAGES + '/tables/data.html');
  const search = page.getByLabel('Search:');
  await search.fill('Webkit');
  await expect(page.getByText('Showing 1 to 7 of 7 entries (filtered from 57 total entries)')).toBeVisible();
  await expect(page.locator('#example1 tbody').getByRole('row')).toHaveCount(7);
  await expect(page.getByText('Safari 3.0')).toBeVisible();
  await search.fill('Konqueror 9');
  await expect(page.getByText('No matching records found')).toBeVisible();
  await expect(page.getByText('Showing 0 to 0 of 0 entries (filtered from 57 total entries)')).toBeVisible();
});

test('AdminLTE — open a modal and close it', async ({ page }) => {
  await page.goto(PAGES + '/UI/modals.html');
  await page.getByRole('button', { name: 'Launch Default Modal' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Default Modal' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('One fine body…')).toBeVisible();
  await dialog.getByText('Close').click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test("AdminLTE — switch the profile's tabs", async ({ page }) => {
  await page.goto(PAGES + '/examples/profile.html');
  await expect(page.getByLabel('Experience')).toBeHidden();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Experience')).toBeVisible();
  await page.getByLabel('Skills').fill('Go and YAML');
  await expect(page.getByLabel('Skills')).toHaveValue('Go and YAML');
  await page.getByRole('link', { name: 'Timeline' }).click();
  await expect(page.getByLabel('Experience')).toBeHidden();
  await expect(page.getByText('Sarah Young accepted your friend request')).toBeVisible();
});
