// A missing element: the login page's button says "Sign in", the script
// clicks "Log in" with a 5 s timeout. Prints the time to fail and the error.
//   node missing.js BASE_URL
const { launch } = require('./ten-steps.js');

(async () => {
  const base = process.argv[2];
  const t0 = Date.now();
  const browser = await launch();
  let out;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(base + '/login');
    await page.getByLabel('Email').fill('qa@example.com');
    await page.getByLabel('Password').fill('secret');
    const s = Date.now();
    try {
      await page.getByRole('button', { name: 'Log in' }).click({ timeout: 5000 });
      out = { failed: false };
    } catch (e) {
      out = { failed: true, fail_ms: Date.now() - s, error: e.message, error_chars: e.message.length };
    }
  } finally {
    await browser.close();
  }
  out.total_ms = Date.now() - t0;
  console.log(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
