// realapps/peer.js — smokeflow's snapshot next to Playwright's on each app
// page, in characters, refs and o200k tokens (docs/realapps.md "Snapshots
// next to Playwright's"). run.sh runs it with PEER=1.
//   node realapps/peer.js BASE_URL SMOKEFLOW OUTDIR > peer.md
// Both read the page once the network is idle: `smokeflow snapshot --wait
// networkidle` and Playwright's page.ariaSnapshot({mode: 'ai'}) after
// goto(waitUntil: 'networkidle'). Playwright drives the installed Chromium
// (CHROMIUM, default /usr/bin/chromium); nothing downloads a browser.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { chromium } = require('playwright-core');
const { encode } = require('gpt-tokenizer');
const { aiSnapshot } = require('../bench/aisnapshot.js');

const pages = [
  ['TinyMCE', '/tinymce/'],
  ['CKEditor 4', '/ckeditor4/'],
  ['Quill', '/quill/'],
  ['Swagger UI', '/swagger/'],
  ['AdminLTE form', '/node_modules/admin-lte/pages/forms/validation.html'],
  ['AdminLTE tables', '/node_modules/admin-lte/pages/tables/data.html'],
  ['flatpickr', '/flatpickr/'],
  ['Tom Select', '/tom-select/'],
  ['TodoMVC, React 0.12.0', '/node_modules/todomvc/examples/react/index.html'],
  ['TodoMVC, Polymer 0.3.4', '/node_modules/todomvc/examples/polymer/index.html'],
];

function measure(text) {
  return { chars: [...text].length, tokens: encode(text).length, refs: (text.match(/\bref=e\d+/g) || []).length };
}

function smokeflowSnapshot(bin, url) {
  const r = spawnSync(bin, ['snapshot', url, '--wait', 'networkidle'], { encoding: 'utf8', timeout: 120000 });
  if (r.status !== 0) throw new Error(`smokeflow snapshot ${url}: ${r.stderr || r.error}`);
  return r.stdout;
}

(async () => {
  const [base, bin, outdir] = process.argv.slice(2);
  if (!outdir) {
    console.error('usage: node realapps/peer.js BASE_URL SMOKEFLOW OUTDIR');
    process.exit(2);
  }
  fs.mkdirSync(outdir, { recursive: true });
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, headless: true, args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [] });
  const rows = [];
  try {
    for (const [name, p] of pages) {
      const url = base + p;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const sf = smokeflowSnapshot(bin, url);
      const pw = await aiSnapshot(browser, url);
      fs.writeFileSync(path.join(outdir, `${slug}.smokeflow.txt`), sf);
      fs.writeFileSync(path.join(outdir, `${slug}.playwright.txt`), pw);
      rows.push([name, measure(sf), measure(pw)]);
    }
  } finally {
    await browser.close();
  }
  console.log(`| page | smokeflow tokens | refs | Playwright tokens | refs | smokeflow / Playwright |`);
  console.log(`|---|---:|---:|---:|---:|---:|`);
  let sfSum = 0, pwSum = 0;
  for (const [name, sf, pw] of rows) {
    sfSum += sf.tokens; pwSum += pw.tokens;
    console.log(`| ${name} | ${sf.tokens} | ${sf.refs} | ${pw.tokens} | ${pw.refs} | ${(sf.tokens / pw.tokens).toFixed(2)} |`);
  }
  console.log(`| all | ${sfSum} | | ${pwSum} | | ${(sfSum / pwSum).toFixed(2)} |`);
  console.log(`\nTokens: o200k (gpt-tokenizer ${require('gpt-tokenizer/package.json').version}); Playwright: playwright-core ${require('playwright-core/package.json').version}, ariaSnapshot({mode: 'ai'}).`);
})().catch((e) => { console.error(e); process.exit(1); });
