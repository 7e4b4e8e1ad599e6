// Playwright Test's config for bench/suite/run.sh (docs/benchmarks.md
// "Issue 37: the suite as CI runs it"): the tests of tests/, 2 workers
// taking tests one by one (fullyParallel, as smokeflow's workers take
// flows), headless, the installed Chromium (no browser is downloaded),
// smokeflow's defaults where they differ from Playwright's (the 1280×800
// viewport, 10 s for a step, a navigation too), no retries, Playwright's own defaults for
// the rest (trace, screenshots and video off). BASE_URL, CHROMIUM,
// PW_OUT and PW_REPORT come from run.sh.
const { defineConfig } = require('@playwright/test');

module.exports = defineConfig({
  testDir: 'tests',
  outputDir: process.env.PW_OUT || 'test-results',
  workers: 2,
  fullyParallel: true,
  retries: 0,
  timeout: 60000, // as smokeflow's flow timeout
  expect: { timeout: 10000 },
  reporter: [['list'], ['json', { outputFile: process.env.PW_REPORT || 'report.json' }]],
  use: {
    baseURL: process.env.BASE_URL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10000,
    navigationTimeout: 10000, // smokeflow's open is a step, 10 s too
    launchOptions: {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    },
  },
});
