// Playwright's AI snapshot of a page: page.ariaSnapshot({mode: 'ai'}).
//   node snapshot.js NAME URL OUTDIR [REPEAT=10]
// NAME picks the preparation: "search" waits for the results, "checkout"
// puts a product in the cart first. Writes OUTDIR/snap-playwright-NAME.txt
// and prints JSON: characters, median time of the snapshot call, time to
// launch+open+snapshot.
const fs = require('fs');
const path = require('path');
const { launch } = require('./ten-steps.js');

(async () => {
  const [name, url, outdir, repeat = '10'] = process.argv.slice(2);
  const t0 = Date.now();
  const browser = await launch();
  let res;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const u = new URL(url);
    if (name === 'checkout') {
      await page.goto(u.origin + '/');
      await page.evaluate(() => fetch('/cart/add', { method: 'POST', body: new URLSearchParams({ id: 'blue-mug', qty: '2' }) }));
    }
    await page.goto(url);
    if (name === 'search') await page.getByText('3 products found').waitFor();
    let text = await page.ariaSnapshot({ mode: 'ai' });
    const first_ms = Date.now() - t0;
    // four more untimed calls: the same warm-up as bench/cmd/snapstat
    for (let i = 0; i < 4; i++) await page.ariaSnapshot({ mode: 'ai' });
    const times = [];
    for (let i = 0; i < Number(repeat); i++) {
      const s = process.hrtime.bigint();
      text = await page.ariaSnapshot({ mode: 'ai' });
      times.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
    times.sort((a, b) => a - b);
    const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
    fs.writeFileSync(path.join(outdir, `snap-playwright-${name}.txt`), text);
    res = { tool: 'playwright', page: name, chars: [...text].length, refs: (text.match(/\[ref=e\d+\]/g) || []).length, median_ms: median, first_ms };
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(res));
})().catch((e) => { console.error(e); process.exit(1); });
