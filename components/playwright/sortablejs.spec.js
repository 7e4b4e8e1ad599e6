const { kit, expect, dragWithMouse } = require('./kit');

kit('sortablejs', [
  'the forceFallback list: drag: page.mouse, a press and ten moves to the drop point (dragTo, a single move, does not carry the drag over the items it crosses)',
], async ({ page }) => {
  await page.goto('/sortablejs/');
  await page.getByText('Blue in Green', { exact: true }).dragTo(page.getByText('Freddie Freeloader', { exact: true }));
  await expect(page.getByText('tonight: So What, Freddie Freeloader, Blue in Green, All Blues')).toBeVisible();
  await dragWithMouse(page, page.getByText('Equinox', { exact: true }), page.getByText('Giant Steps', { exact: true }));
  await expect(page.getByText('tomorrow: Naima, Equinox, Giant Steps, Mr. P.C.')).toBeVisible();
});
