const { kit, expect, dragWithMouse } = require('./kit');

kit('jquery-ui-sortable', [
  'drag: page.mouse, a press and ten moves to the drop point (dragTo, a single move, does not carry the drag over the items it crosses), in the lower half of the item dragged down onto and the upper half of the one dragged up onto (at its centre, the list puts the dragged item before it)',
], async ({ page }) => {
  await page.goto('/jquery-ui-sortable/');
  await dragWithMouse(page, page.getByText('Hire a designer', { exact: true }), page.getByText('Renew the lease', { exact: true }), { x: 100, y: 34 });
  await expect(page.getByText('Order: Cut the cloud bill, Renew the lease, Hire a designer, Plan the offsite')).toBeVisible();
  await dragWithMouse(page, page.getByText('Plan the offsite', { exact: true }), page.getByText('Cut the cloud bill', { exact: true }), { x: 100, y: 10 });
  await expect(page.getByText('Order: Plan the offsite, Cut the cloud bill, Renew the lease, Hire a designer')).toBeVisible();
});
