// bench/trust/run.sh, reproduction 4: Playwright Test on the installed
// Chromium. PW_EXE gives another executable (one that cannot start);
// PW_WS attaches to a browser server at that address instead (4b: a dead
// one).
const { defineConfig } = require('@playwright/test');

module.exports = defineConfig({
  testDir: '.',
  workers: 1,
  timeout: 15000,
  expect: { timeout: 1000 },
  reporter: 'line',
  use: {
    baseURL: process.env.BASE_URL,
    screenshot: 'only-on-failure',
    connectOptions: process.env.PW_WS ? { wsEndpoint: process.env.PW_WS } : undefined,
    launchOptions: {
      executablePath: process.env.PW_EXE || process.env.CHROMIUM || '/usr/bin/chromium',
      args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
    },
  },
});
