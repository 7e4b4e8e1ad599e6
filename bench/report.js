// Turns the raw numbers bench/run.sh left in OUT into a Markdown report.
//   node report.js OUT
// Needs gpt-tokenizer on NODE_PATH (its default encode is o200k_base).
const fs = require('fs');
const path = require('path');
const { encode } = require('gpt-tokenizer');

const out = process.argv[2];
const read = (f) => { try { return fs.readFileSync(path.join(out, f), 'utf8'); } catch { return ''; } };
const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');
const csv = (f) => {
  const [head, ...rows] = read(f).trim().split('\n');
  if (!head) return [];
  const keys = head.split(',');
  return rows.filter(Boolean).map((r) => Object.fromEntries(r.split(',').map((v, i) => [keys[i], v])));
};
const lines = [];
const p = (s = '') => lines.push(s);

p('# smokeflow vs Playwright — bench/run.sh');
p();
p('```');
p(read('machine.txt').trim());
p('```');

// a and b
function timedTable(title, file, note) {
  const rows = csv(file);
  if (!rows.length) return {};
  p();
  p(`## ${title}`);
  p();
  if (note) { p(note); p(); }
  p('| tool | runs | passed | median (ms) | min (ms) | max (ms) |');
  p('|---|---:|---:|---:|---:|---:|');
  const med = {};
  for (const tool of ['smokeflow', 'playwright']) {
    const all = rows.filter((r) => r.tool === tool);
    const ok = all.filter((r) => r.rc === '0').map((r) => Number(r.ms));
    med[tool] = median(ok);
    p(`| ${tool} | ${all.length} | ${ok.length} | ${f0(med[tool])} | ${f0(Math.min(...ok))} | ${f0(Math.max(...ok))} |`);
  }
  p();
  p(`**ratio smokeflow / playwright (medians): ${f2(med.smokeflow / med.playwright)}**`);
  return med;
}
timedTable('a. Ten-step flow, end to end', 'e2e.csv',
  'Wall time of one process per run: `smokeflow run bench/flows/ten-steps.yaml` vs `node bench/playwright/ten-steps.js` (browser start, the 10 steps, browser close). Rounds alternate which tool goes first; failed runs are left out of the times.');
timedTable('b. Suite of 20 flows, 2 workers', 'suite.csv',
  'Wall time: `smokeflow run DIR --workers 2` over 20 copies of the flow vs `node bench/playwright/suite.js` (one browser, 2 concurrent contexts pulling from a queue of 20).');

// c
const snaps = read('snapshots.jsonl').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
if (snaps.length) {
  p();
  p('## c. Snapshot size and time');
  p();
  p('smokeflow: the interactive snapshot (`smokeflow snapshot URL`, docs/targets.md "The snapshot"; taken by bench/cmd/snapstat). Playwright: `page.ariaSnapshot({mode: \'ai\'})`. Tokens: gpt-tokenizer `encode` (o200k_base). "per actionable" divides by the number of actionable elements of the page (smokeflow\'s ref count, the same page for both). Time: median of 10 snapshot calls on the loaded page, after 5 untimed ones (the same warm-up for both tools); "first" is from process start to the first snapshot (browser launch and page load included).');
  p();
  p('| page | tool | chars | tokens | tokens / actionable | refs | snapshot (ms) | first (ms) |');
  p('|---|---|---:|---:|---:|---:|---:|---:|');
  const byPage = {};
  for (const s of snaps) {
    const text = read(path.join('snapshots', `snap-${s.tool}-${s.page}.txt`));
    s.tokens = encode(text).length;
    (byPage[s.page] ||= {})[s.tool] = s;
  }
  const ratios = [];
  for (const [page, t] of Object.entries(byPage)) {
    const act = t.smokeflow ? t.smokeflow.refs : NaN;
    for (const tool of ['smokeflow', 'playwright']) {
      const s = t[tool];
      if (!s) continue;
      const refs = tool === 'playwright' ? (read(path.join('snapshots', `snap-playwright-${page}.txt`)).match(/\[ref=[a-z0-9]+\]/g) || []).length : s.refs;
      p(`| ${page} | ${tool} | ${f0(s.chars)} | ${f0(s.tokens)} | ${f1(s.tokens / act)} | ${refs} | ${f1(s.median_ms)} | ${f0(s.first_ms)} |`);
    }
    if (t.smokeflow && t.playwright) ratios.push([page, t.smokeflow.tokens / t.playwright.tokens, t.smokeflow.median_ms / t.playwright.median_ms]);
  }
  p();
  p('| page | tokens smokeflow / playwright | snapshot time smokeflow / playwright |');
  p('|---|---:|---:|');
  for (const [page, tr, ti] of ratios) p(`| ${page} | ${f2(tr)} | ${f2(ti)} |`);
  const cli = csv('cli-snapshot.csv');
  if (cli.length) {
    p();
    p('`smokeflow snapshot URL` end to end (one process: launch, load, snapshot, close):');
    p();
    p('| page | wall (ms) | exit | same text as above |');
    p('|---|---:|---:|---|');
    for (const r of cli) p(`| ${r.page} | ${f0(Number(r.ms))} | ${r.rc} | ${r.same_as_snapstat} |`);
  }
}

// d
const miss = csv('missing.csv');
if (miss.length) {
  p();
  p('## d. A missing element');
  p();
  p('The login page\'s button says "Sign in"; smokeflow runs `click: Log in` with `step_timeout: 5s` (bench/flows/missing-element.yaml), Playwright `getByRole(\'button\', { name: \'Log in\' }).click({ timeout: 5000 })` (bench/playwright/missing.js). "time to fail" is the failing step (smokeflow: its duration in the JSON report, diagnostics included) or the click call (Playwright); "wall" is the whole process.');
  p();
  p('| tool | runs | time to fail, median (ms) | / timeout | wall, median (ms) | error (chars) |');
  p('|---|---:|---:|---:|---:|---:|');
  const res = { smokeflow: [], playwright: [] };
  for (const r of miss) {
    const txt = read(path.join('logs', `missing-${r.tool}-${r.round}.txt`));
    if (r.tool === 'smokeflow') {
      let fail = NaN, msg = '';
      try {
        const j = JSON.parse(read(path.join('logs', `missing-smokeflow-${r.round}.json`)));
        const a = j.flows[0].attempts.at(-1);
        const st = a.steps.find((s) => s.status === 'failed');
        fail = st.duration_ns / 1e6;
        msg = a.failure.message;
      } catch {}
      // the terminal's account of the failure: from the flow line to the summary
      const term = txt.split('\n').filter((l) => !/^(report|artifacts):/.test(l)).join('\n').trim();
      res.smokeflow.push({ fail, wall: Number(r.ms), chars: term.length, text: term, msg });
    } else {
      let j = {};
      try { j = JSON.parse(txt.trim().split('\n').at(-1)); } catch {}
      res.playwright.push({ fail: j.fail_ms, wall: Number(r.ms), chars: j.error_chars, text: (j.error || '').replace(/\x1b\[[0-9;]*m/g, '') });
    }
  }
  for (const tool of ['smokeflow', 'playwright']) {
    const rs = res[tool];
    const fail = median(rs.map((x) => x.fail).filter(Number.isFinite));
    p(`| ${tool} | ${rs.length} | ${f0(fail)} | ${f2(fail / 5000)} | ${f0(median(rs.map((x) => x.wall)))} | ${f0(median(rs.map((x) => x.chars).filter(Number.isFinite)))} |`);
  }
  for (const tool of ['smokeflow', 'playwright']) {
    if (!res[tool].length) continue;
    p();
    p(`${tool} says (run 1):`);
    p();
    p('```');
    p(res[tool][0].text);
    p('```');
  }
}

// Go benchmarks
const gb = read('go-bench.txt');
const benches = gb.split('\n').filter((l) => /^Benchmark\S+\s+\d+\s/.test(l));
if (benches.length) {
  p();
  p('## Go benchmarks (`go test ./bench -bench`)');
  p();
  p('| benchmark | runs | mean (ms/op) | metrics |');
  p('|---|---:|---:|---|');
  for (const l of benches) {
    const f = l.trim().split(/\s+/);
    const [name, n, ns] = [f[0].replace(/-\d+$/, ''), f[1], Number(f[2])];
    const m = [];
    for (let i = 4; i + 1 < f.length; i += 2) m.push(`${f[i + 1]} ${Number(f[i]).toLocaleString('en-US', { maximumFractionDigits: 3 })}`);
    p(`| ${name} | ${n} | ${f1(ns / 1e6)} | ${m.join(', ')} |`);
  }
  const fails = gb.split('\n').filter((l) => /^(--- FAIL|FAIL|panic)/.test(l));
  if (fails.length) { p(); p('Failures:'); p(); p('```'); p(fails.join('\n')); p('```'); }
}
const top = read('flow-cpu-top.txt');
if (top) {
  p();
  p('<details><summary>CPU profile of BenchmarkFlowTenSteps (go tool pprof -top)</summary>');
  p();
  p('```');
  p(top.split('\n').slice(0, 40).join('\n').trim());
  p('```');
  p();
  p('</details>');
}
console.log(lines.join('\n'));
