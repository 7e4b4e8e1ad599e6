const { kit, expect, dragWithMouse } = require('./kit');

kit('react-dnd', [
  'drag: page.mouse, a press and ten moves to the drop point (dragTo, a single move, does not carry the drag over the items it crosses)',
], async ({ page }) => {
  await page.goto('/react-dnd/');
  await dragWithMouse(page, page.getByText('Middlemarch', { exact: true }), page.getByText('Beloved', { exact: true }));
  await expect(page.getByText('Order: Moby-Dick, Beloved, Middlemarch, Dubliners')).toBeVisible();
  await dragWithMouse(page, page.getByText('Dubliners', { exact: true }), page.getByText('Moby-Dick', { exact: true }));
  await expect(page.getByText('Order: Dubliners, Moby-Dick, Beloved, Middlemarch')).toBeVisible();
});
