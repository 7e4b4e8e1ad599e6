const { test, expect, devices } = require('@playwright/test');

// the descriptor without its browser: the run is Chromium's
const { defaultBrowserType, ...iPhone15 } = devices['iPhone 15'];

test.use({
  ...iPhone15,
  locale: 'fr-FR',
  timezoneId: 'Europe/Paris',
  geolocation: { latitude: 48.8584, longitude: 2.2945, accuracy: 10 },
  permissions: ['geolocation', 'notifications'],
  colorScheme: 'dark',
  reducedMotion: 'reduce',
});

test('a phone in Paris, dark, with a fixed clock; then offline, then slow', async ({ page, context }) => {
  await page.clock.setFixedTime(new Date('2024-02-29T10:00:00Z'));
  await page.goto('/conformance/pages/places.html');
  const cell = (id) => page.locator('#' + id);
  await expect(cell('width')).toHaveText('393');
  await expect(cell('dpr')).toHaveText('3');
  await expect(cell('touch')).toHaveText('true');
  await expect(cell('language')).toHaveText('fr-FR');
  await expect(cell('timezone')).toHaveText('Europe/Paris');
  await expect(cell('now')).toHaveText('2024-02-29T10:00:00.000Z');
  await expect(cell('local-time')).toHaveText('11:00');
  await expect(cell('timer')).toHaveText('fired');
  await expect(cell('color-scheme')).toHaveText('dark');
  await expect(cell('reduced-motion')).toHaveText('reduce');
  await expect(cell('geo')).toHaveText('48.8584, 2.2945 ±10 m');
  await expect(cell('notifications')).toHaveText('granted');
  await context.setOffline(true);
  await expect(cell('online')).toHaveText('false');
  await page.getByRole('button', { name: 'Fetch' }).click();
  await expect(cell('fetch')).toHaveText('failed: TypeError');
  await context.setOffline(false);
  // Playwright has no throttling of its own: Chromium's, through CDP
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 600, downloadThroughput: (2000 * 1000) / 8, uploadThroughput: -1,
  });
  await page.getByRole('button', { name: 'Fetch' }).click();
  await expect(cell('fetch')).toHaveText('status 200, slow');
});
