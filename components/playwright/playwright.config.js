// components/playwright: the Playwright side of `make components`
// (docs/components.md "How it runs"). Playwright Test as
// components/package-lock.json pins it, on the installed Chromium (no
// browser is downloaded). components/run.sh sets BASE_URL, CHROMIUM and
// PW_OUT.
const { defineConfig } = require('@playwright/test');

module.exports = defineConfig({
  testDir: '.',
  testMatch: '*.spec.js',
  workers: 1,
  retries: 0,
  timeout: 30000,
  expect: { timeout: 5000 },
  outputDir: process.env.PW_OUT || 'test-results',
  reporter: [['line'], ['json', { outputFile: (process.env.PW_OUT || 'test-results') + '/results.json' }]],
  use: {
    baseURL: process.env.BASE_URL,
    actionTimeout: 5000,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--no-sandbox'],
    },
  },
});
