// A suite of N copies of the ten-step flow with W workers: one browser,
// W concurrent isolated contexts, each worker taking the next flow off a
// queue (what @playwright/test does with workers, minus its process pool).
//   node suite.js BASE_URL [N=20] [W=2]
const { tenSteps, launch } = require('./ten-steps.js');

(async () => {
  const [base, n = '20', w = '2'] = process.argv.slice(2);
  const t0 = Date.now();
  const browser = await launch();
  let next = 0, passed = 0, failed = 0;
  const worker = async () => {
    while (next < Number(n)) {
      next++;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      context.setDefaultTimeout(10000);
      try {
        await tenSteps(await context.newPage(), base);
        passed++;
      } catch (e) {
        failed++;
        console.error(e.message);
      } finally {
        await context.close();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Number(w) }, worker));
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify({ ok: failed === 0, passed, failed, ms: Date.now() - t0 }));
  process.exit(failed ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(1); });
