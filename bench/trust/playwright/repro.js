// Issue 30's reproductions 1–3 with the Playwright library, as
// bench/trust/run.sh runs them (docs/benchmarks.md "Trust: the peers on
// issue 30's reproductions"):
//
//   node repro.js BASE_URL ref-unseen|ref-stale|policy-deny|slow-never|slow-body
//
// It prints one line: what happened, in the words of the report's table.
// Playwright has no session refs of its own; its nearest are the refs of
// page.ariaSnapshot({ mode: 'ai' }) (what Playwright MCP hands an agent),
// acted on with page.locator('aria-ref=eN'). Every action gets smokeflow's
// step timeout (10 s). The browser is the installed Chromium
// (executablePath); nothing is downloaded.
const { chromium } = require('playwright-core');

const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const [base, repro] = process.argv.slice(2);

async function count(query) {
  const res = await fetch(`${base}/_count?${query}`);
  return Number((await res.text()).trim());
}

const secs = (t0) => ((Date.now() - t0) / 1000).toFixed(1);
const firstLine = (e) => String(e && e.message || e).split('\n')[0].slice(0, 110);

// attempt runs act and says how it ended, with its time.
async function attempt(act) {
  const t0 = Date.now();
  try {
    await act();
    return `ok in ${secs(t0)} s`;
  } catch (e) {
    return `${e.name || 'Error'} after ${secs(t0)} s: \`${firstLine(e)}\``;
  }
}

// refs: the AI snapshot's refs of the catalog's first two links, and one
// past the highest ref it shows.
function refs(snap) {
  const ref = (name) => (snap.match(new RegExp(`link "${name}" \\[ref=(\\w+)\\]`)) || [])[1];
  const nums = [...snap.matchAll(/\[ref=e(\d+)\]/g)].map((m) => Number(m[1]));
  return { first: ref('Item 1'), second: ref('Item 2'), unseen: `e${Math.max(...nums) + 1}` };
}

const repros = {
  // 1: click the first link (the page goes to /more), then a ref no
  // snapshot showed.
  async 'ref-unseen'(page) {
    await page.goto(`${base}/catalog`);
    const r = refs(await page.ariaSnapshot({ mode: 'ai' }));
    await page.locator(`aria-ref=${r.first}`).click();
    await page.waitForURL('**/more');
    const how = await attempt(() => page.locator(`aria-ref=${r.unseen}`).click());
    const acted = (await count('prefix=/detail/')) > 0;
    return `click aria-ref=${r.unseen}: ${how}; ${acted ? 'ACTED: a link of /more was followed' : 'nothing clicked'}`;
  },
  // 1b: the old page's second link, by its ref, once the page has left.
  async 'ref-stale'(page) {
    await page.goto(`${base}/catalog`);
    const r = refs(await page.ariaSnapshot({ mode: 'ai' }));
    await page.locator(`aria-ref=${r.first}`).click();
    await page.waitForURL('**/more');
    const how = await attempt(() => page.locator(`aria-ref=${r.second}`).click());
    const acted = (await count('prefix=/detail/')) + (await count('prefix=/item/')) > 0;
    return `click aria-ref=${r.second}: ${how}; ${acted ? 'ACTED on the new page' : 'nothing clicked'}`;
  },
  // 2: no action policy in Playwright: the side doors reach the server;
  // what a Playwright user does instead is block the request itself.
  async 'policy-deny'(page) {
    const doors = async () => {
      const button = page.getByRole('button', { name: 'Delete account' });
      const before = await count('path=/delete');
      await button.dblclick();
      await page.waitForTimeout(300); // let the page's fetch leave
      const dbl = (await count('path=/delete')) - before;
      await button.press('Enter');
      await page.waitForTimeout(300);
      return [dbl, (await count('path=/delete')) - before - dbl];
    };
    await page.goto(`${base}/account`);
    const [dbl, enter] = await doors();
    await page.route('**/delete', (route) => route.abort());
    const [rdbl, renter] = await doors();
    return `no action policy: dblclick → ${dbl} POST /delete, Enter → ${enter}; with page.route('**/delete', abort): ${rdbl} and ${renter}`;
  },
  async 'slow-never'(page) { return slow(page, '/never'); },
  async 'slow-body'(page) { return slow(page, '/slow'); },
};

// 3: a cookie and localStorage, then a page that never finishes loading
// with an 8 s timeout; are they kept?
async function slow(page, path) {
  await page.goto(`${base}/state`);
  await page.evaluate(() => { document.cookie = 'sid=abc; path=/'; localStorage.setItem('k', 'v'); });
  const how = await attempt(() => page.goto(`${base}${path}`, { timeout: 8000 }));
  await page.goto(`${base}/state`);
  const got = await page.evaluate(() => `${document.cookie} | ${localStorage.getItem('k')}`);
  const kept = got === 'sid=abc | v';
  return `goto ${path}: ${how}; then cookie and localStorage ${kept ? 'kept' : `LOST (\`${got}\`)`}`;
}

async function main() {
  const run = repros[repro];
  if (!base || !run) throw new Error(`usage: node repro.js BASE_URL ${Object.keys(repros).join('|')}`);
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(10000); // smokeflow's step timeout
    console.log(await run(await context.newPage()));
  } finally {
    await browser.close();
  }
}

main().catch((e) => { console.log(`could not run: ${firstLine(e)}`); process.exit(1); });
