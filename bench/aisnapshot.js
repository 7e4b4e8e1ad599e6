// bench/aisnapshot.js — Playwright's AI snapshot of a page, as the
// side-by-side measures read it (bench/tokens/measure.js, realapps/peer.js):
// a fresh 1280×800 page, dialogs accepted, the page read once the network
// is idle (and, given ready, once that text shows). Right after
// networkidle Playwright's AI snapshot of Swagger UI is empty; it is read
// again, a little later, until it is not. browser is a Playwright browser:
// this module needs no package of its own.
'use strict';

async function aiSnapshot(browser, url, ready) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    page.on('dialog', (d) => d.accept().catch(() => {}));
    await page.goto(url, { waitUntil: 'networkidle' });
    if (ready) await page.getByText(ready).first().waitFor();
    let text = '';
    for (let i = 0; i < 10 && !text; i++) {
      if (i) await page.waitForTimeout(200);
      text = await page.ariaSnapshot({ mode: 'ai' });
    }
    return text;
  } finally {
    await page.close();
  }
}

module.exports = { aiSnapshot };
