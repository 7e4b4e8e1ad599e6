// The ten-step benchmark flow, the same as bench/flows/ten-steps.yaml,
// with Playwright's user-facing locators. Run as
//   node ten-steps.js BASE_URL        (launches /usr/bin/chromium, runs once)
// It needs playwright-core (bench/run.sh installs it into a temporary folder
// and sets NODE_PATH). It never downloads a browser.
const { chromium } = require('playwright-core');

const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';

async function tenSteps(page, base) {
  await page.goto(base + '/');                                                       // 1 open /
  await page.getByRole('button', { name: 'Accept cookies' }).click();                // 2
  await page.getByPlaceholder('Search products').fill('mug');                       // 3
  await page.getByPlaceholder('Search products').press('Enter');                    // 4
  await page.getByRole('link', { name: 'Blue Mug' }).click();                       // 5
  await page.getByRole('heading', { name: 'Blue Mug' }).waitFor({ state: 'visible' }); // 6 expect visible
  await page.getByRole('button', { name: 'Add to cart' }).click();                  // 7
  await page.getByRole('button', { name: 'View cart' }).click();                    // 8
  await page.getByText('Proceed to checkout').click();                              // 9
  await page.getByLabel('Full name').fill('Ada Lovelace');                          // 10
}

function launch() {
  return chromium.launch({ executablePath, headless: true, args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [] });
}

module.exports = { tenSteps, launch };

if (require.main === module) {
  (async () => {
    const base = process.argv[2];
    const t0 = Date.now();
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(10000); // as smokeflow's default step_timeout
      const page = await context.newPage();
      await tenSteps(page, base);
      await context.close();
    } finally {
      await browser.close();
    }
    console.log(JSON.stringify({ ok: true, ms: Date.now() - t0 }));
  })().catch((e) => { console.error(e); process.exit(1); });
}
