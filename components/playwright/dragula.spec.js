const { kit, expect } = require('./kit');

kit('dragula', [], async ({ page }) => {
  await page.goto('/dragula/');
  await page.getByText('Sand the door', { exact: true }).dragTo(page.getByText('Measure the door', { exact: true }));
  await expect(page.getByText('To do: Order the paint, Paint the door. Done: Sand the door, Measure the door')).toBeVisible();
  await page.getByText('Order the paint', { exact: true }).dragTo(page.getByText('Measure the door', { exact: true }));
  await expect(page.getByText('To do: Paint the door. Done: Sand the door, Order the paint, Measure the door')).toBeVisible();
});
