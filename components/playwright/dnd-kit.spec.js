const { kit, expect, dragWithMouse } = require('./kit');

kit('dnd-kit', [
  'drag: page.mouse, a press and ten moves to the drop point (dragTo, a single move, does not carry the drag over the items it crosses)',
], async ({ page }) => {
  await page.goto('/dnd-kit/');
  await dragWithMouse(page, page.getByText('Write the spec', { exact: true }), page.getByText('Fix the login bug', { exact: true }));
  await expect(page.getByText('Order: Review the design, Fix the login bug, Write the spec, Ship the release')).toBeVisible();
  await dragWithMouse(page, page.getByText('Ship the release', { exact: true }), page.getByText('Review the design', { exact: true }));
  await expect(page.getByText('Order: Ship the release, Review the design, Fix the login bug, Write the spec')).toBeVisible();
});
