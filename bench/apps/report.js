// The Markdown report of bench/apps/run.sh, from OUT/apps.csv (and, when the
// run kept them, the per-step timings in OUT/steps).
//   node bench/apps/report.js OUT
const fs = require('fs');
const path = require('path');

const out = process.argv[2];
const rows = fs.readFileSync(path.join(out, 'apps.csv'), 'utf8').trim().split('\n').slice(1)
  .map((l) => { const [app, tool, round, ms, rc, load] = l.split(','); return { app, tool, round: +round, ms: +ms, rc: +rc, load: +load }; });

// quantile by the nearest rank.
function quantile(xs, q) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
const fmt = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');

console.log(fs.readFileSync(path.join(out, 'machine.txt'), 'utf8').trim().split('\n').map((l) => '    ' + l).join('\n'));
console.log();
const loads = rows.map((r) => r.load);
console.log(`Load average (1 min) at the start of each run: median ${quantile(loads, 0.5)}, max ${Math.max(...loads)}.`);
console.log();
console.log('| app | runs | smokeflow median | smokeflow p90 | Playwright median | Playwright p90 | ratio of medians | ratio of p90 |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const apps = [...new Set(rows.map((r) => r.app))];
for (const app of apps) {
  const ok = (tool) => rows.filter((r) => r.app === app && r.tool === tool && r.rc === 0).map((r) => r.ms);
  const failed = (tool) => rows.filter((r) => r.app === app && r.tool === tool && r.rc !== 0).length;
  const sf = ok('smokeflow');
  const pw = ok('playwright');
  const runs = `${sf.length}/${pw.length}` + (failed('smokeflow') + failed('playwright') ? ` (failed ${failed('smokeflow')}/${failed('playwright')})` : '');
  const [sm, s9, pm, p9] = [quantile(sf, 0.5), quantile(sf, 0.9), quantile(pw, 0.5), quantile(pw, 0.9)];
  console.log(`| ${app} | ${runs} | ${fmt(sm)} ms | ${fmt(s9)} ms | ${fmt(pm)} ms | ${fmt(p9)} ms | **${(sm / pm).toFixed(2)}** | ${(s9 / p9).toFixed(2)} |`);
}

// The floor (FLOOR=1): each tool's launch, page, open up to `load` and
// close, before any other step could run; and what that leaves, at 0.7 of
// Playwright's whole run, for smokeflow's other steps, next to what
// Playwright's other steps take (its whole run less its floor).
if (rows.some((r) => r.tool === 'smokeflow-floor')) {
  console.log();
  console.log('### The floor: launch, page, open to `load`, close (medians)');
  console.log();
  console.log('| app | smokeflow floor | Playwright floor | Playwright whole run | smokeflow floor / Playwright whole | left for the other steps at 0.7 | Playwright\'s other steps | left / Playwright\'s |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const app of apps) {
    const med = (tool) => quantile(rows.filter((r) => r.app === app && r.tool === tool && r.rc === 0).map((r) => r.ms), 0.5);
    const [sfFloor, pwFloor, pwWhole] = [med('smokeflow-floor'), med('playwright-floor'), med('playwright')];
    const left = 0.7 * pwWhole - sfFloor, pwOther = pwWhole - pwFloor;
    console.log(`| ${app} | ${fmt(sfFloor)} ms | ${fmt(pwFloor)} ms | ${fmt(pwWhole)} ms | **${(sfFloor / pwWhole).toFixed(2)}** | ${fmt(left)} ms | ${fmt(pwOther)} ms | **${(left / pwOther).toFixed(2)}** |`);
  }
}

// Steps, when the run kept them: smokeflow's JSON report (each step's
// duration; the launch is the run's start to the attempt's start) and the
// Playwright script's own line.
const stepsDir = path.join(out, 'steps');
const files = fs.existsSync(stepsDir) ? fs.readdirSync(stepsDir) : [];
for (const app of apps) {
  const sfFiles = files.filter((f) => f.startsWith(app + '-smokeflow-'));
  if (!sfFiles.length) continue;
  const sfSteps = [];
  const sfPhases = { 'launch (run start to attempt)': [], 'attempt outside steps': [], 'after the attempt': [] };
  for (const f of sfFiles) {
    let r;
    try { r = JSON.parse(fs.readFileSync(path.join(stepsDir, f), 'utf8')); } catch { continue; }
    const a = r.flows[0].attempts[0];
    const steps = a.steps.filter((s) => !s.index.includes('.'));
    steps.forEach((s, i) => { (sfSteps[i] ||= { label: `${s.action} ${s.target || ''}`.trim(), ms: [] }).ms.push(s.duration_ns / 1e6); });
    const start = Date.parse(r.started_at), astart = Date.parse(a.started_at);
    sfPhases['launch (run start to attempt)'].push(astart - start);
    sfPhases['attempt outside steps'].push(a.duration_ns / 1e6 - steps.reduce((t, s) => t + s.duration_ns / 1e6, 0));
    sfPhases['after the attempt'].push(r.duration_ns / 1e6 - (astart - start) - a.duration_ns / 1e6);
  }
  const pwSteps = [];
  const pwLaunch = [];
  for (const f of files.filter((f) => f.startsWith(app + '-playwright-'))) {
    let r;
    try { r = JSON.parse(fs.readFileSync(path.join(stepsDir, f), 'utf8')); } catch { continue; }
    pwLaunch.push(r.launch_ms);
    r.steps.forEach(([label, ms], i) => { (pwSteps[i] ||= { label, ms: [] }).ms.push(ms); });
  }
  console.log();
  console.log(`### ${app}, step by step (medians, ms)`);
  console.log();
  console.log('| # | smokeflow step | smokeflow | Playwright step | Playwright |');
  console.log('|---:|---|---:|---|---:|');
  for (let i = 0; i < Math.max(sfSteps.length, pwSteps.length); i++) {
    const s = sfSteps[i], p = pwSteps[i];
    console.log(`| ${i + 1} | ${s ? s.label.replace(/\|/g, '\\|') : ''} | ${s ? fmt(quantile(s.ms, 0.5)) : ''} | ${p ? p.label : ''} | ${p ? fmt(quantile(p.ms, 0.5)) : ''} |`);
  }
  for (const [k, v] of Object.entries(sfPhases)) console.log(`| | smokeflow: ${k} | ${fmt(quantile(v, 0.5))} | | |`);
  console.log(`| | | | Playwright: launch | ${fmt(quantile(pwLaunch, 0.5))} |`);
}
