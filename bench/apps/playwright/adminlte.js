// AdminLTE: the steps of bench/apps/flows/adminlte.yaml (sidebar tree menu,
// navbar dropdown).
const { main } = require('./lib');

main([
  ['open', (page, base) => page.goto(base + '/node_modules/admin-lte/pages/tables/data.html')],
  ['expect hidden Validation', (page) => page.getByRole('link', { name: 'Validation' }).waitFor({ state: 'hidden' })],
  ['click Forms', (page) => page.getByRole('link', { name: 'Forms' }).click()],
  ['click Validation', (page) => page.getByRole('link', { name: 'Validation' }).click()],
  ['expect url', (page) => page.waitForURL(/\/pages\/forms\/validation\.html/)],
  ['expect Quick Example', (page) => page.getByText('Quick Example').waitFor({ state: 'visible' })],
  ['click 15', (page) => page.getByRole('link', { name: '15' }).click()],
  ['expect 15 Notifications', (page) => page.getByText('15 Notifications').waitFor({ state: 'visible' })],
  ['click See All Notifications', (page) => page.getByText('See All Notifications').click()],
]);
