// Accessibility with @axe-core/playwright (4.14.1, the axe-core smokeflow
// embeds), as its docs show: AxeBuilder per page, include() for a region,
// the impact filtered by hand; a failure prints the violations' ids.
// bench: fails "image-alt" "button-name" "color-contrast" "label"
const { test, expect } = require('@playwright/test');
const { default: AxeBuilder } = require('@axe-core/playwright');

const serious = async (builder) => (await builder.analyze()).violations
  .filter((v) => ['serious', 'critical'].includes(v.impact))
  .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

test('accessibility', async ({ page }) => {
  await page.goto('/conformance/pages/a11y-ok.html');
  expect(await serious(new AxeBuilder({ page }))).toEqual([]);
  await page.goto('/conformance/pages/a11y-region.html');
  expect(await serious(new AxeBuilder({ page }).include('#search'))).toEqual([]);
  await page.goto('/conformance/pages/a11y-bad.html');
  expect(await serious(new AxeBuilder({ page }))).toEqual([]);
});
