// TodoMVC (vanilla JS build): the steps of bench/apps/flows/todomvc.yaml.
const { main } = require('./lib');

const todo = (page) => page.getByPlaceholder('What needs to be done?');
const item = (page, text) => page.getByRole('listitem').filter({ hasText: text });

main([
  ['open', (page, base) => page.goto(base + '/node_modules/todomvc/examples/vanillajs/index.html')],
  ['fill Buy milk', (page) => todo(page).fill('Buy milk')],
  ['press Enter', (page) => todo(page).press('Enter')],
  ['fill Walk the dog', (page) => todo(page).fill('Walk the dog')],
  ['press Enter', (page) => todo(page).press('Enter')],
  ['expect 2 items left', (page) => page.getByText('2 items left').waitFor({ state: 'visible' })],
  ['check Buy milk', (page) => item(page, 'Buy milk').getByRole('checkbox').check()],
  ['expect 1 item left', (page) => page.getByText('1 item left').waitFor({ state: 'visible' })],
  ['click Active', (page) => page.getByRole('link', { name: 'Active' }).click()],
  ['expect hidden Buy milk', (page) => page.getByText('Buy milk').waitFor({ state: 'hidden' })],
  ['expect Walk the dog', (page) => page.getByText('Walk the dog').waitFor({ state: 'visible' })],
  ['click Completed', (page) => page.getByRole('link', { name: 'Completed' }).click()],
  ['expect Buy milk', (page) => page.getByText('Buy milk').waitFor({ state: 'visible' })],
  ['expect hidden Walk the dog', (page) => page.getByText('Walk the dog').waitFor({ state: 'hidden' })],
  ['click All', (page) => page.getByRole('link', { name: 'All' }).click()],
  ['click Clear completed', (page) => page.getByRole('button', { name: 'Clear completed' }).click()],
  ['expect hidden Buy milk', (page) => page.getByText('Buy milk').waitFor({ state: 'hidden' })],
  ['expect Walk the dog', (page) => page.getByText('Walk the dog').waitFor({ state: 'visible' })],
]);
