const { test, expect } = require('@playwright/test');

test('drag and drop, pointer-event libraries and sliders', async ({ page }) => {
  await page.goto('/conformance/pages/drag-board.html');
  await page.getByText('Fix the login bug').dragTo(page.getByRole('region', { name: 'Done' }));
  await expect(page.locator('#out')).toHaveText('Fix the login bug is in Done');

  await page.goto('/conformance/pages/drag-sortable.html');
  // the list lifts on the move past its threshold and moves on the next ones:
  // one dragTo move only lifts it, so the mouse goes in steps
  await page.getByRole('button', { name: 'Move Apple' }).hover();
  await page.mouse.down();
  const cherry = await page.getByText('Cherry', { exact: true }).boundingBox();
  await page.mouse.move(cherry.x + cherry.width / 2, cherry.y + cherry.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(page.locator('#out')).toHaveText('Order: Banana, Cherry, Apple, Damson');

  await page.goto('/conformance/pages/drag-slider.html');
  const brightness = page.getByRole('slider', { name: 'Brightness' });
  await brightness.dragTo(page.locator('#track'), { targetPosition: { x: 140, y: 4 } });
  await expect(page.locator('#brightout')).toHaveText('Brightness 7');
  await page.getByLabel('Volume').fill('35');
  await expect(page.getByLabel('Volume')).toHaveValue('35');
  // an ARIA slider takes no fill: keys, as a user would press them
  await brightness.focus();
  await brightness.press('Home');
  await brightness.press('ArrowRight');
  await brightness.press('ArrowRight');
  await expect(page.locator('#brightout')).toHaveText('Brightness 2');
});
