// AG Grid Community: a grid (role=treegrid) with a quick filter, a
// sortable column header and row selection by click.
import { AllCommunityModule, ModuleRegistry, createGrid } from 'ag-grid-community';

ModuleRegistry.registerModules([AllCommunityModule]);
const api = createGrid(document.getElementById('grid'), {
  columnDefs: [{ field: 'product', flex: 2 }, { field: 'colour' }, { field: 'price', sortable: true }],
  rowData: [
    { product: 'Tall mug', colour: 'Red', price: 14 },
    { product: 'Espresso cup', colour: 'White', price: 6 },
    { product: 'Travel mug', colour: 'Blue', price: 19 },
    { product: 'Teapot', colour: 'Green', price: 32 },
    { product: 'Short mug', colour: 'Blue', price: 9 },
  ],
  rowSelection: { mode: 'singleRow', checkboxes: false, enableClickSelection: true },
});
document.getElementById('filter').addEventListener('input', (e) => api.setGridOption('quickFilterText', e.target.value));
document.getElementById('add').addEventListener('click', () => {
  const [row] = api.getSelectedNodes();
  const shown = [];
  api.forEachNodeAfterFilterAndSort((n) => shown.push(n.data.product));
  document.getElementById('out').textContent = row
    ? `Added: ${row.data.product} (${row.data.price} EUR), row ${shown.indexOf(row.data.product) + 1} of ${shown.length}`
    : 'Nothing selected';
});
