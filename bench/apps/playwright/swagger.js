// Swagger UI: the steps of bench/apps/flows/swagger.yaml (try GET /pets).
const { main } = require('./lib');

main([
  ['open', (page, base) => page.goto(base + '/swagger/')],
  ['click List pets', (page) => page.getByRole('button', { name: 'GET /pets List pets' }).click()],
  ['click Try it out', (page) => page.getByRole('button', { name: 'Try it out' }).click()],
  ['fill tag', (page) => page.getByPlaceholder('tag').fill('dog')],
  ['click Execute', (page) => page.getByRole('button', { name: 'Execute' }).click()],
  ['expect Server response', (page) => page.getByText('Server response').waitFor({ state: 'visible' })],
  ['expect request URL', (page) => page.locator('.request-url').getByText('/api/pets?tag=dog').waitFor({ state: 'visible' })],
  ['expect status 200', (page) => page.locator('.live-responses-table tbody .response-col_status').filter({ hasText: '200' }).waitFor()],
  ['expect Rex', (page) => page.getByText('"name": "Rex"').waitFor({ state: 'visible' })],
  ['expect no Tom', (page) => page.getByText('"name": "Tom"').waitFor({ state: 'hidden' })],
]);
