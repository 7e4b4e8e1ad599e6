// Swagger UI: each test has the steps of the flow of ../flows/swagger-*.yaml
// with the same name.
const { test, expect } = require('@playwright/test');

const status = (page) => page.locator('.live-responses-table tbody .response-col_status');
const tryIt = async (page, operation) => {
  await page.goto('/swagger/');
  await page.getByRole('button', { name: operation }).click();
  await page.getByRole('button', { name: 'Try it out' }).click();
};

test('Swagger UI — try GET /pets with a tag filter', async ({ page }) => {
  await tryIt(page, 'GET /pets List pets');
  await page.getByPlaceholder('tag').fill('dog');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.getByText('Server response')).toBeVisible();
  await expect(page.locator('.request-url').getByText('/api/pets?tag=dog')).toBeVisible();
  await expect(status(page)).toContainText('200');
  await expect(page.getByText('"name": "Rex"')).toBeVisible();
  await expect(page.getByText('"name": "Tom"')).toBeHidden();
});

test('Swagger UI — list every pet', async ({ page }) => {
  await tryIt(page, 'GET /pets List pets');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(status(page)).toContainText('200');
  await expect(page.getByText('"name": "Rex"')).toBeVisible();
  await expect(page.getByText('"name": "Tom"')).toBeVisible();
  await expect(page.getByText('"name": "Nemo"')).toBeVisible();
});

test('Swagger UI — list the cats', async ({ page }) => {
  await tryIt(page, 'GET /pets List pets');
  await page.getByPlaceholder('tag').fill('cat');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.locator('.request-url').getByText('/api/pets?tag=cat')).toBeVisible();
  await expect(page.getByText('"name": "Tom"')).toBeVisible();
  await expect(page.getByText('"name": "Rex"')).toBeHidden();
  await expect(page.getByText('"name": "Nemo"')).toBeHidden();
});

test('Swagger UI — find a pet by id', async ({ page }) => {
  await tryIt(page, 'GET /pets/{id} Find a pet by id');
  await page.getByPlaceholder('id').fill('3');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.locator('.request-url').getByText('/api/pets/3')).toBeVisible();
  await expect(status(page)).toContainText('200');
  await expect(page.getByText('"name": "Nemo"')).toBeVisible();
});

test('Swagger UI — a missing pet is a 404', async ({ page }) => {
  await tryIt(page, 'GET /pets/{id} Find a pet by id');
  await page.getByPlaceholder('id').fill('42');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.locator('.request-url').getByText('/api/pets/42')).toBeVisible();
  await expect(status(page)).toContainText('404');
  await expect(page.getByText('"message": "no pet with id 42"')).toBeVisible();
});

test('Swagger UI — add a pet with POST /pets', async ({ page }) => {
  await tryIt(page, 'POST /pets Add a pet');
  await page.locator('.opblock-post').getByRole('textbox').fill('{"name": "Bella", "tag": "dog"}');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(status(page)).toContainText('201');
  await expect(page.getByText('"id": 4')).toBeVisible();
});

test('Swagger UI — a pet without a name is refused', async ({ page }) => {
  await tryIt(page, 'POST /pets Add a pet');
  await page.locator('.opblock-post').getByRole('textbox').fill('{"tag": "dog"}');
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(status(page)).toContainText('400');
  await expect(page.getByText('"message": "a pet needs a name"')).toBeVisible();
});

test('Swagger UI — cancel a try and close the operation', async ({ page }) => {
  await tryIt(page, 'GET /pets List pets');
  await expect(page.getByRole('button', { name: 'Execute' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Execute' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeVisible();
  await page.getByRole('button', { name: 'GET /pets List pets' }).click();
  await expect(page.getByRole('button', { name: 'Try it out' })).toBeHidden();
});
