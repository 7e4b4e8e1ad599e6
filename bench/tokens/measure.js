// bench/tokens/measure.js — smokeflow's snapshot next to agent-browser's
// `snapshot -i` and Playwright's AI snapshot on the same pages, in one run:
// o200k tokens, refs, and the recall of smokeflow's snapshot (every
// interactive element either peer lists is in it, by role and name).
// bench/tokens/run.sh runs it (docs/benchmarks.md "Snapshot tokens on a
// real corpus"); it reads its settings from the environment:
//
//   SMOKEFLOW, AB            the two binaries
//   SF_DIR, AB_DIR           each tool's folder (HOME, TMPDIR, runtime dir)
//   CHROMIUM                 the browser all three drive
//   APPS, SHOP, DOCS         the base URLs of realapps/serve, the demo shop and the sites
//   GENTELELLA               the base URL of Gentelella's server (its dist folder at the root)
//   ADMINLTE                 the folder of admin-lte (its pages are listed from it)
//   SITES                    the node_modules folder of the sites (the other pages are listed from it)
//   OUT                      where the texts, results.json and report.md go
//   PEERS=reuse              read the peers' texts of a page from OUT when they are there
//                            (to iterate on smokeflow alone; not a run to report)
//   REPORT_ONLY=1            with PEERS=reuse, read smokeflow's texts from OUT too: the
//                            report again, from the texts of the last run
//   PAGES=regexp             only the pages whose "group name" matches (to iterate;
//                            not a run to report)
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { encode } = require('gpt-tokenizer');
const { aiSnapshot } = require('../aisnapshot.js');

const env = process.env;
const OUT = env.OUT;

// htmlIn lists the .html files of dir (not below it), sorted.
function htmlIn(dir) {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.html')).sort();
}

// The corpus: every AdminLTE page, one page of each other kind, then every
// page of two more admin templates (Gentelella, SB Admin 2) and of two
// component libraries' demos (JSONEditor's examples, Tabler UI's docs).
function corpus() {
  const all = adminLTE().concat(others(), sites());
  if (!env.PAGES) return all;
  const only = new RegExp(env.PAGES);
  return all.filter((p) => only.test(`${p.group} ${p.name}`));
}

function sites() {
  const at = (group, dir, base) => htmlIn(path.join(env.SITES, dir)).map((f) => ({ group, name: f, url: `${base}/${f}` }));
  return [].concat(
    at('Gentelella', 'gentelella/dist/production', `${env.GENTELELLA}/production`),
    at('SB Admin 2', 'startbootstrap-sb-admin-2', `${env.DOCS}/node_modules/startbootstrap-sb-admin-2`),
    at('JSONEditor', 'jsoneditor/examples', `${env.DOCS}/node_modules/jsoneditor/examples`),
    at('Tabler UI docs', 'tabler-ui/dist/docs', `${env.DOCS}/node_modules/tabler-ui/dist/docs`),
  );
}

function adminLTE() {
  const pages = [];
  const root = env.ADMINLTE;
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.html')) pages.push(path.relative(root, p));
    }
  };
  for (const f of fs.readdirSync(root).sort()) {
    // iframe*.html frame every other page in tabs: they are the pages again
    if (f.endsWith('.html') && !f.startsWith('iframe')) pages.push(f);
  }
  walk(path.join(root, 'pages'));
  return pages.map((p) => ({ group: 'AdminLTE', name: p, url: `${env.APPS}/node_modules/admin-lte/${p}` }));
}

function others() {
  return [
    { group: 'other', name: 'API console: Swagger UI', url: `${env.APPS}/swagger/` },
    { group: 'other', name: 'editor: TinyMCE', url: `${env.APPS}/tinymce/` },
    { group: 'other', name: 'editor: CKEditor 4', url: `${env.APPS}/ckeditor4/` },
    { group: 'other', name: 'editor: Quill', url: `${env.APPS}/quill/` },
    { group: 'other', name: 'shop: demo home', url: `${env.SHOP}/` },
    // the results render after a 600 ms spinner, which no tool's settling sees
    { group: 'other', name: 'shop: demo search', url: `${env.SHOP}/search?q=mug`, ready: 'Travel Mug' },
    { group: 'other', name: 'TodoMVC: React', url: `${env.APPS}/node_modules/todomvc/examples/react/index.html` },
    { group: 'other', name: 'TodoMVC: Vue', url: `${env.APPS}/node_modules/todomvc/examples/vue/index.html` },
    { group: 'other', name: 'docs: Spectre.css, getting started', url: `${env.DOCS}/node_modules/spectre.css/docs/getting-started.html` },
    { group: 'other', name: 'docs: Spectre.css, forms', url: `${env.DOCS}/node_modules/spectre.css/docs/elements/forms.html` },
  ];
}

function run(bin, args, extraEnv) {
  const r = spawnSync(bin, args, { encoding: 'utf8', timeout: 120000, env: { ...env, ...extraEnv } });
  if (r.status !== 0) throw new Error(`${path.basename(bin)} ${args.join(' ')}: exit ${r.status}: ${r.stderr || r.error}`);
  return r.stdout;
}

function toolEnv(dir) {
  return { HOME: path.join(dir, 'home'), TMPDIR: path.join(dir, 'tmp'), XDG_RUNTIME_DIR: path.join(dir, 'run') };
}

const sfEnv = { ...toolEnv(env.SF_DIR), SMOKEFLOW_SESSION: 'tokens', SMOKEFLOW_BROWSER: env.CHROMIUM, NO_COLOR: '1' };
function smokeflow(p) {
  run(env.SMOKEFLOW, ['open', p.url], sfEnv);
  if (p.ready) run(env.SMOKEFLOW, ['wait', `{text: ${JSON.stringify(p.ready)}}`], sfEnv);
  return run(env.SMOKEFLOW, ['snapshot'], sfEnv);
}

const abArgs = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
if (process.getuid && process.getuid() === 0) abArgs.unshift('--no-sandbox');
const abEnv = {
  ...toolEnv(env.AB_DIR),
  AGENT_BROWSER_EXECUTABLE_PATH: env.CHROMIUM,
  AGENT_BROWSER_ARGS: abArgs.join(','),
  AGENT_BROWSER_NAMESPACE: 'tokens' + process.pid,
  AGENT_BROWSER_NO_VERSION_CHECK: '1',
  AGENT_BROWSER_IDLE_TIMEOUT_MS: '600000',
};
// agentBrowser reads each page in a session of its own: a session numbers
// its refs on from one page to the next, and refs of four digits would
// cost it tokens that a fresh session does not.
let abSessions = 0;
function agentBrowser(p) {
  const e = { ...abEnv, AGENT_BROWSER_SESSION: 'tokens' + abSessions++ };
  try {
    run(env.AB, ['open', p.url], e);
    // as settled as the others: smokeflow settles, Playwright waits for networkidle
    spawnSync(env.AB, ['wait', '--load', 'networkidle'], { env: { ...env, ...e }, timeout: 30000 });
    if (p.ready) run(env.AB, ['wait', '--text', p.ready], e);
    return run(env.AB, ['snapshot', '-i'], e);
  } finally {
    spawnSync(env.AB, ['close'], { env: { ...env, ...e }, timeout: 30000 });
  }
}

// --- the lines of a snapshot ------------------------------------------------

const LINE = /^(\s*)- ([A-Za-z][\w-]*)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]]*\])*)(?::\s?(.*))?$/;
const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox',
  'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem']);

function parse(text) {
  const out = [];
  let hiddenBelow = -1; // the depth of an aria-hidden line whose subtree is being skipped
  const parents = []; // the lines around the current one
  for (const l of text.split('\n')) {
    const m = LINE.exec(l);
    if (!m) continue;
    const depth = m[1].length, attrs = m[4] || '';
    if (hiddenBelow >= 0 && depth > hiddenBelow) continue;
    hiddenBelow = -1;
    while (parents.length && parents[parents.length - 1].depth >= depth) parents.pop();
    const parent = parents[parents.length - 1];
    if (attrs.includes('[aria-hidden]')) {
      // Playwright lists what aria-hidden hides from assistive technology (a
      // select2 keeps its native <select> so); no one else does
      hiddenBelow = depth;
      continue;
    }
    const n = {
      depth, role: m[2], name: (m[3] || '').replace(/\\(.)/g, '$1'), value: (m[5] || '').replace(/^"(.*)"$/, '$1'),
      ref: /\bref=e\d+/.test(attrs), clickable: /\bclickable\b/.test(attrs) || /\] clickable\b/.test(l),
      // an option of a disabled select is disabled too
      disabled: /\bdisabled\b/.test(attrs) || (m[2] === 'option' && !!parent && parent.disabled),
    };
    parents.push(n);
    out.push(n);
  }
  return out;
}

// norm is a name both tools can be compared on: icon-font glyphs
// (private-use characters) out, white space collapsed, the first 90
// characters (smokeflow cuts long names with an ellipsis), case folded.
function norm(s) {
  s = s.replace(/[\uE000-\uF8FF]/g, '').replace(/\s+/g, ' ').trim().replace(/…$/, '').trim();
  return [...s].slice(0, 90).join('').toLowerCase();
}

// smokeflowLines is what smokeflow's snapshot lists: its lines, and the
// options of its native selects (listed on the combobox line).
function smokeflowLines(text) {
  const out = [];
  for (const n of parse(text)) {
    out.push({ role: n.role, name: norm(n.name), value: norm(n.value) });
    const opts = n.role === 'combobox' && optionList(n.value);
    if (opts) for (const o of opts.split(', ')) out.push({ role: 'option', name: norm(o), value: '' });
  }
  return out;
}

// optionList is the list in parentheses that ends a native select's
// value, whose options may hold parentheses too: "(UTC+02:00) Riga
// ((UTC+02:00) Riga, (UTC+00:00) London)".
function optionList(value) {
  value = value.trimEnd();
  if (!value.endsWith(')')) return null;
  for (let i = value.length - 1, depth = 0; i >= 0; i--) {
    if (value[i] === ')') depth++;
    else if (value[i] === '(' && --depth === 0) return value.slice(i + 1, -1);
  }
  return null;
}

// wanted is what a peer lists as interactive, for the recall: elements
// of an interactive role (agent-browser's `-i` also puts refs on
// headings, cells and iframes, which are context, not actions), and what
// agent-browser marks clickable; not the disabled options of a native
// select, or of a disabled one, which no one can choose (docs/targets.md "Native selects").
function wanted(tool, text) {
  return parse(text).filter((n) => {
    if (n.role === 'option' && n.disabled) return false;
    if (tool === 'agent-browser') return n.ref && (INTERACTIVE.has(n.role) || n.clickable);
    return INTERACTIVE.has(n.role);
  });
}

// misses are the peer's elements smokeflow's snapshot does not list, each
// line of smokeflow's covering one of the peer's: first by role and name;
// then a name that smokeflow shows as the value (a select2 box, which
// Playwright names by its title); then a name that differs only in white
// space (a <wbr>); then, for an element the peer lists
// with no name (Playwright leaves out a name that only repeats the text
// inside), any line of its role left over.
function misses(sfText, peer) {
  const lines = smokeflowLines(sfText);
  const used = new Set();
  const take = (pred) => {
    const i = lines.findIndex((l, i) => !used.has(i) && pred(l));
    if (i < 0) return false;
    used.add(i);
    return true;
  };
  let left = peer.map((n) => ({ ...n, key: norm(n.name) }));
  left = left.filter((n) => !(n.key && take((l) => l.role === n.role && l.name === n.key)));
  left = left.filter((n) => !(n.key && take((l) => l.role === n.role && l.value === n.key)));
  // a name that differs only in white space: Chromium names an element
  // from its contents with a space at each <wbr> (an API console's
  // "/pets /{id}"), smokeflow as the page renders it, "/pets/{id}"
  // (docs/targets.md "The snapshot", "Text")
  const squash = (s) => s.replace(/\s+/g, '');
  left = left.filter((n) => !(n.key && take((l) => l.role === n.role && squash(l.name) === squash(n.key))));
  left = left.filter((n) => !(!n.key && take((l) => l.role === n.role)));
  // a clickable of agent-browser's is an element of any role of that name
  left = left.filter((n) => !(n.clickable && take((l) => l.name === n.key)));
  // the parts of a date or time input are in its one textbox, which holds
  // a date or time, or nothing when the input is empty
  // (docs/targets.md "Date, time and colour inputs")
  if (lines.some((l) => l.role === 'textbox' && (PICKER_VALUE.test(l.value) || l.value === ''))) {
    left = left.filter((n) => !PICKER_PART.test(`${n.role} ${n.key}`));
  }
  return left.map((n) => `${n.role} "${n.name}"`);
}

// PICKER_PART is a part Chromium draws in a date or time input's own
// shadow tree, as agent-browser lists it (role and normalised name): a
// spinbutton named twice ("Month Month") or the picker button ("Show date
// picker Show date picker"); PICKER_VALUE, the normalised value of such an
// input (2016-12-31, 13:45, 2016-12-31t13:45, 2016-12, 2016-w05).
const PICKER_PART = /^(?:spinbutton (month|day|year|hours|minutes|seconds|milliseconds|am\/pm|week) \1|button (show [a-z ]*picker) \2)$/;
const PICKER_VALUE = /^(?:\d{4}-\d{2}(?:-\d{2})?(?:t\d{2}:\d{2}(?::\d{2})?)?|\d{2}:\d{2}(?::\d{2})?|\d{4}-w\d{2})$/;

function measure(text) {
  return { tokens: encode(text).length, refs: (text.match(/\bref=e\d+/g) || []).length };
}

function slug(s) {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

async function main() {
  fs.mkdirSync(path.join(OUT, 'texts'), { recursive: true });
  const reuse = env.PEERS === 'reuse';
  let browser; // Playwright's, launched for the first page it reads
  const launch = () => require('playwright-core').chromium.launch({
    executablePath: env.CHROMIUM, headless: true, args: process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [],
  });
  const rows = [];
  try {
    for (const p of corpus()) {
      const file = (tool) => path.join(OUT, 'texts', `${slug(p.group + '-' + p.name)}.${tool}.txt`);
      const sf = env.REPORT_ONLY ? fs.readFileSync(file('smokeflow'), 'utf8') : smokeflow(p);
      fs.writeFileSync(file('smokeflow'), sf);
      let ab, pw;
      if (reuse && fs.existsSync(file('agent-browser')) && fs.existsSync(file('playwright'))) {
        ab = fs.readFileSync(file('agent-browser'), 'utf8');
        pw = fs.readFileSync(file('playwright'), 'utf8');
      } else {
        ab = agentBrowser(p);
        browser = browser || await launch();
        pw = await aiSnapshot(browser, p.url, p.ready);
        fs.writeFileSync(file('agent-browser'), ab);
        fs.writeFileSync(file('playwright'), pw);
      }
      const abWant = wanted('agent-browser', ab), pwWant = wanted('playwright', pw);
      const row = {
        ...p, smokeflow: measure(sf), agentBrowser: measure(ab), playwright: { ...measure(pw), interactive: pwWant.length },
        missAB: misses(sf, abWant), missPW: misses(sf, pwWant), wantAB: abWant.length, wantPW: pwWant.length,
      };
      rows.push(row);
      process.stderr.write(`${p.name}: ${row.smokeflow.tokens} / ${row.agentBrowser.tokens}, misses ${row.missAB.length}+${row.missPW.length}\n`);
    }
  } finally {
    if (browser) await browser.close();
    if (!env.REPORT_ONLY) spawnSync(env.SMOKEFLOW, ['close'], { env: { ...env, ...sfEnv } });
    if (!reuse) spawnSync(env.AB, ['close', '--all'], { env: { ...env, ...abEnv } });
  }
  fs.writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(rows, null, 1));
  console.log(report(rows));
}

function pct(found, all) {
  return all === 0 ? '–' : `${found === all ? 100 : Math.min(99.99, 100 * found / all).toFixed(2)}%`;
}

function report(rows) {
  const L = [];
  L.push('| page | smokeflow tokens | agent-browser tokens | ratio | smokeflow refs | agent-browser refs | Playwright interactive | recall (agent-browser) | recall (Playwright) |');
  L.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const sum = { sf: 0, ab: 0, sfRefs: 0, abRefs: 0, pw: 0, wantAB: 0, missAB: 0, wantPW: 0, missPW: 0 };
  const groups = {};
  let worst = null;
  for (const r of rows) {
    const ratio = r.smokeflow.tokens / r.agentBrowser.tokens;
    if (!worst || ratio > worst.ratio) worst = { name: `${r.group} ${r.name}`, ratio };
    if (ratio > 1) sum.above = (sum.above || 0) + 1;
    L.push(`| ${r.group === 'other' ? '' : r.group + ' '}${r.name} | ${r.smokeflow.tokens} | ${r.agentBrowser.tokens} | ${ratio.toFixed(2)} | ${r.smokeflow.refs} | ${r.agentBrowser.refs} | ${r.playwright.interactive} | ${pct(r.wantAB - r.missAB.length, r.wantAB)} | ${pct(r.wantPW - r.missPW.length, r.wantPW)} |`);
    for (const g of [groups[r.group] = groups[r.group] || { sf: 0, ab: 0, n: 0 }, sum]) {
      g.sf += r.smokeflow.tokens; g.ab += r.agentBrowser.tokens; g.n = (g.n || 0) + 1;
    }
    sum.sfRefs += r.smokeflow.refs; sum.abRefs += r.agentBrowser.refs; sum.pw += r.playwright.interactive;
    sum.wantAB += r.wantAB; sum.missAB += r.missAB.length; sum.wantPW += r.wantPW; sum.missPW += r.missPW.length;
  }
  L.push(`| **all ${rows.length} pages** | **${sum.sf}** | **${sum.ab}** | **${(sum.sf / sum.ab).toFixed(2)}** | ${sum.sfRefs} | ${sum.abRefs} | ${sum.pw} | ${pct(sum.wantAB - sum.missAB, sum.wantAB)} | ${pct(sum.wantPW - sum.missPW, sum.wantPW)} |`);
  L.push('');
  for (const [g, s] of Object.entries(groups)) {
    L.push(`- ${g} (${s.n} pages): ${s.sf} / ${s.ab} tokens, ${(s.sf / s.ab).toFixed(2)}×`);
  }
  L.push(`- worst page: ${worst.name}, ${worst.ratio.toFixed(2)}×; pages above 1.0×: ${sum.above || 0}`);
  const missed = rows.filter((r) => r.missAB.length || r.missPW.length);
  if (missed.length) {
    L.push('', 'Misses (listed by a peer, not found in smokeflow\'s snapshot by role and name):', '');
    for (const r of missed) {
      if (r.missAB.length) L.push(`- ${r.name}, agent-browser: ${r.missAB.join('; ')}`);
      if (r.missPW.length) L.push(`- ${r.name}, Playwright: ${r.missPW.join('; ')}`);
    }
  }
  L.push('', `Tokens: o200k (gpt-tokenizer ${require('gpt-tokenizer/package.json').version} encode).`);
  return L.join('\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
