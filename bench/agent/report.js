// bench/agent/report.js — the Markdown report of bench/agent/run.sh from
// the results the Go driver wrote (docs/benchmarks.md "The agent session
// against agent-browser"), and the task's transcripts as text.
//   node bench/agent/report.js OUT > OUT/report.md
// Tokens: gpt-tokenizer's encode (o200k_base), as bench/report.js and
// realapps/peer.js count them; needs gpt-tokenizer on NODE_PATH.
'use strict';
const fs = require('fs');
const path = require('path');
const { encode } = require('gpt-tokenizer');

const out = process.argv[2];
if (!out) {
  console.error('usage: node bench/agent/report.js OUT');
  process.exit(2);
}
const res = JSON.parse(fs.readFileSync(path.join(out, 'results.json'), 'utf8'));
const machine = fs.existsSync(path.join(out, 'machine.txt')) ? fs.readFileSync(path.join(out, 'machine.txt'), 'utf8').trim() : '';

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => {
  if (!xs || !xs.length) return NaN;
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
// p90 by nearest rank.
const p90 = (xs) => (xs && xs.length ? sorted(xs)[Math.ceil(0.9 * xs.length) - 1] : NaN);
const ms = (x) => (Number.isFinite(x) ? (x < 100 ? x.toFixed(1) : Math.round(x).toLocaleString('en-US')) : '–');
const n0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b ? (a / b).toFixed(2) : '–');
const tokens = (r) => encode((r.stdout || '') + (r.stderr || '')).length;

const lines = [];
const p = (s = '') => lines.push(s);
const SF = 'smokeflow';
const AB = 'agent-browser';
const BEFORE = 'smokeflow-before';

p('# smokeflow\'s agent session vs agent-browser — bench/agent/run.sh');
p();
if (machine) { p('```'); p(machine); p('```'); p(); }
if (!res.tools.includes(SF)) {
  p('**smokeflow was not measured in this run** (TOOLS=' + res.tools.join(',') + '): its columns are empty.');
  p();
}

if (res.warm) {
  p('## Warm command latency');
  p();
  p(`Milliseconds from the CLI process's start to its exit, session already open; ${res.runs} timed runs per tool after untimed ones, the tools alternating run by run.`);
  p();
  // BEFORE=… runs another build as smokeflow-before, alternating with the others
  const before = res.tools.includes(BEFORE);
  p('| page | command | smokeflow median | p90 | agent-browser median | p90 | smokeflow / agent-browser |' + (before ? ' smokeflow-before median | its ratio |' : ''));
  p('|---|---|---:|---:|---:|---:|---:|' + (before ? '---:|---:|' : ''));
  for (const [pageName, kinds] of Object.entries(res.warm)) {
    const order = ['click', 'fill', 'select', 'check', 'press', 'get text', 'get value', 'snapshot'];
    for (const kind of order.filter((k) => kinds[k])) {
      const sf = kinds[kind][SF], ab = kinds[kind][AB], bf = kinds[kind][BEFORE];
      p(`| ${pageName} | ${kind} | ${ms(median(sf))} | ${ms(p90(sf))} | ${ms(median(ab))} | ${ms(p90(ab))} | ${ratio(median(sf), median(ab))} |` +
        (before ? ` ${ms(median(bf))} | ${ratio(median(bf), median(ab))} |` : ''));
    }
  }
  p();
}

if (res.cold) {
  p('## Cold first command');
  p();
  p('`open URL` (the dashboard) with no daemon and no browser running, so it starts both; the session closed and every process of the tool gone between runs.');
  p();
  p('| tool | runs | median (ms) | p90 (ms) | min (ms) | max (ms) |');
  p('|---|---:|---:|---:|---:|---:|');
  for (const [tool, xs] of Object.entries(res.cold)) {
    p(`| ${tool} | ${xs.length} | ${n0(median(xs))} | ${n0(p90(xs))} | ${n0(Math.min(...xs))} | ${n0(Math.max(...xs))} |`);
  }
  p();
}

if (res.task && res.task.length) {
  taskReport(res.task);
}

function taskReport(task) {
  p('## Tokens an agent reads over a 12-command task (AdminLTE 3.2.0, general form)');
  p();
  p('Everything each command printed (stdout and stderr), o200k tokens. `open`, then 11 actions; every command is followed by a read of the page (the first read lists the whole page).');
  p();
  p('| column | open + first read | 11 actions | 11 later reads | total |');
  p('|---|---:|---:|---:|---:|');
  for (const { column, steps } of task) {
    const t = steps.map(tokens);
    const first = t[0] + t[1];
    let actions = 0, reads = 0;
    for (let i = 2; i < t.length; i += 2) { actions += t[i]; reads += t[i + 1]; }
    p(`| ${column.name} | ${n0(first)} | ${n0(actions)} | ${n0(reads)} | **${n0(first + actions + reads)}** |`);
    writeTranscript(column, steps, t);
  }
  p();
  p('Per command (action output + the read after it):');
  p();
  p('| # | command | ' + task.map(({ column }) => column.name).join(' | ') + ' |');
  p('|---:|---|' + task.map(() => '---:').join('|') + '|');
  const n = task[0].steps.length;
  for (let i = 0; i < n; i += 2) {
    const what = task[0].steps[i].what;
    const cells = task.map(({ steps }) => `${n0(tokens(steps[i]))} + ${n0(tokens(steps[i + 1]))}`);
    p(`| ${i / 2 + 1} | ${what} | ${cells.join(' | ')} |`);
  }
  p();
}

function writeTranscript(column, steps, t) {
  const slug = column.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const text = steps.map((s, i) => `$ ${s.command}    # ${t[i]} tokens, ${ms(s.ms)} ms\n${s.stdout}${s.stderr ? '[stderr] ' + s.stderr : ''}`).join('\n');
  fs.writeFileSync(path.join(out, `task-${slug}.txt`), text);
}

p(`Tokens: gpt-tokenizer ${require('gpt-tokenizer/package.json').version}, encode (o200k_base). Transcripts of the task: task-*.txt beside this report.`);
console.log(lines.join('\n'));
