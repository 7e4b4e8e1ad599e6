// TodoMVC (vanilla JS): each test has the steps of the flow of
// ../flows/todomvc-*.yaml with the same name, in Playwright Test's own
// idiom (getByRole, getByPlaceholder, getByText, web-first expect).
const { test, expect } = require('@playwright/test');

const APP = '/node_modules/todomvc/examples/vanillajs/index.html';
const todo = (page) => page.getByPlaceholder('What needs to be done?');
const item = (page, text) => page.getByRole('listitem').filter({ hasText: text });

async function add(page, ...titles) {
  for (const t of titles) {
    await todo(page).fill(t);
    await todo(page).press('Enter');
  }
}

test('TodoMVC — add, complete, filter and clear todos', async ({ page }) => {
  await page.goto(APP);
  await add(page, 'Buy milk', 'Walk the dog');
  await expect(page.getByText('2 items left')).toBeVisible();
  await item(page, 'Buy milk').getByRole('checkbox').check();
  await expect(page.getByText('1 item left')).toBeVisible();
  await page.getByRole('link', { name: 'Active' }).click();
  await expect(page.getByText('Buy milk')).toBeHidden();
  await expect(page.getByText('Walk the dog')).toBeVisible();
  await page.getByRole('link', { name: 'Completed' }).click();
  await expect(page.getByText('Buy milk')).toBeVisible();
  await expect(page.getByText('Walk the dog')).toBeHidden();
  await page.getByRole('link', { name: 'All' }).click();
  await page.getByRole('button', { name: 'Clear completed' }).click();
  await expect(page.getByText('Buy milk')).toBeHidden();
  await expect(page.getByText('Walk the dog')).toBeVisible();
});

test('TodoMVC — add three todos', async ({ page }) => {
  await page.goto(APP);
  await add(page, 'Book the flights', 'Pack the bags', 'Water the plants');
  await expect(page.getByText('3 items left')).toBeVisible();
  await expect(page.locator('#todo-list').getByRole('listitem')).toHaveCount(3);
  await expect(page.locator('#todo-list li:last-child label')).toHaveText('Water the plants');
  await expect(todo(page)).toHaveValue('');
});

test('TodoMVC — complete all and clear them', async ({ page }) => {
  await page.goto(APP);
  await add(page, 'Call the bank', 'Pay the rent');
  await page.getByLabel('Mark all as complete').check();
  await expect(page.getByText('0 items left')).toBeVisible();
  await expect(item(page, 'Pay the rent').getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: 'Clear completed' }).click();
  await expect(page.getByText('Call the bank')).toBeHidden();
  await expect(page.getByText('Pay the rent')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Clear completed' })).toBeHidden();
});

test('TodoMVC — complete a todo and undo it', async ({ page }) => {
  await page.goto(APP);
  await add(page, 'Read a book');
  await item(page, 'Read a book').getByRole('checkbox').check();
  await expect(page.getByText('0 items left')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear completed' })).toBeVisible();
  await item(page, 'Read a book').getByRole('checkbox').uncheck();
  await expect(page.getByText('1 item left')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear completed' })).toBeHidden();
});

test('TodoMVC — rename a todo', async ({ page }) => {
  await page.goto(APP);
  await add(page, 'Buy milk');
  await page.getByText('Buy milk').dblclick();
  await page.locator('#todo-list li .edit').fill('Buy oat milk');
  await page.locator('#todo-list li .edit').press('Enter');
  await expect(page.getByText('Buy oat milk')).toBeVisible();
  await expect(page.getByText('Buy milk')).toBeHidden();
  await expect(page.getByText('1 item left')).toBeVisible();
});

test('TodoMVC — delete a todo', async ({ page }) => {
  await page.goto(APP);
  await add(page, 'Feed the cat', 'Clean the room');
  await item(page, 'Feed the cat').hover();
  await page.locator('#todo-list li:first-child .destroy').click();
  await expect(page.getByText('Feed the cat')).toBeHidden();
  await expect(page.getByText('Clean the room')).toBeVisible();
  await expect(page.getByText('1 item left')).toBeVisible();
});

test('TodoMVC — todos survive a reload', async ({ page }) => {
  await page.goto(APP);
  await add(page, 'Renew the passport', 'Book a dentist');
  await item(page, 'Book a dentist').getByRole('checkbox').check();
  await page.goto(APP);
  await expect(page.getByText('Renew the passport')).toBeVisible();
  await expect(item(page, 'Book a dentist').getByRole('checkbox')).toBeChecked();
  await expect(page.getByText('1 item left')).toBeVisible();
});

test('TodoMVC — work in the Active view', async ({ page }) => {
  await page.goto(APP + '#/active');
  await add(page, 'Write the report', 'Send the invoice');
  await expect(page.getByText('Write the report')).toBeVisible();
  // a click, not check: the Active view drops the todo once it is done
  await item(page, 'Write the report').getByRole('checkbox').click();
  await expect(page.getByText('Write the report')).toBeHidden();
  await expect(page.getByText('Send the invoice')).toBeVisible();
  await page.getByRole('link', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/#\/completed/);
  await expect(page.getByText('Write the report')).toBeVisible();
  await expect(page.getByText('Send the invoice')).toBeHidden();
});
