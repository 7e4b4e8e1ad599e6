// What every Playwright script of bench/apps shares: the launch (the
// installed Chromium through executablePath, headless, as
// bench/playwright/ten-steps.js launches it), one context with
// smokeflow's viewport and step timeout, and a JSON line with the wall time
// of the whole process and of each step. Run as
//   node APP.js BASE_URL
// with playwright-core on NODE_PATH (bench/apps/run.sh sets it). Nothing is
// downloaded.
const { chromium } = require('playwright-core');

const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

// run launches the browser, runs steps (a list of [label, async (page, base)])
// on a fresh page, closes everything and prints {ok, ms, launch_ms, steps}.
async function run(steps) {
  const base = process.argv[2];
  const t0 = Date.now();
  const timed = [];
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
  });
  const launchMs = Date.now() - t0;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10000); // as smokeflow's default step_timeout
    const page = await context.newPage();
    for (const [label, step] of steps) {
      const s = Date.now();
      await step(page, base);
      timed.push([label, Date.now() - s]);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify({ ok: true, ms: Date.now() - t0, launch_ms: launchMs, steps: timed }));
}

function main(steps) {
  run(steps).catch((e) => { console.error(e); process.exit(1); });
}

module.exports = { main };
