const { kit, expect, dragWithMouse } = require('./kit');

kit('hello-pangea-dnd', [
  'drag: page.mouse, a press and ten moves to the drop point (dragTo, a single move, does not carry the drag over the items it crosses)',
], async ({ page }) => {
  await page.goto('/hello-pangea-dnd/');
  await dragWithMouse(page, page.getByText('Pack the tent', { exact: true }), page.getByText('Check the map', { exact: true }));
  await expect(page.getByText('Order: Fill the water, Check the map, Pack the tent, Lock the car')).toBeVisible();
  await dragWithMouse(page, page.getByText('Lock the car', { exact: true }), page.getByText('Fill the water', { exact: true }));
  await expect(page.getByText('Order: Lock the car, Fill the water, Check the map, Pack the tent')).toBeVisible();
});
