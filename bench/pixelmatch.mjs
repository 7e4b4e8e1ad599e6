// bench/pixelmatch.mjs — counts the differing pixels of the image pairs
// BenchmarkImageDiff wrote (DIR/pairs.json) with pixelmatch 7.1.0 from
// npm (the YIQ distance, as the Go port), at its defaults (threshold 0.1, anti-aliasing ignored), and compares each
// count with smokeflow's (diffs.Images, the Go port). Prints a Markdown
// table; exits 1 when a count is more than 1% (or 2 pixels) off.
//
//   node bench/pixelmatch.mjs DIR     (bench/pixelmatch.sh runs it)
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const dir = process.argv[2];
const pairs = JSON.parse(fs.readFileSync(path.join(dir, 'pairs.json'), 'utf8'));
let bad = 0;
console.log('| pair | smokeflow (Go port) | pixelmatch (npm) | off by | pixelmatch ms |');
console.log('|---|--:|--:|--:|--:|');
for (const p of pairs) {
  const a = PNG.sync.read(fs.readFileSync(p.before));
  const b = PNG.sync.read(fs.readFileSync(p.after));
  const out = new PNG({ width: a.width, height: a.height });
  const runs = [];
  let n = 0;
  for (let i = 0; i < 5; i++) {
    const t = process.hrtime.bigint();
    n = pixelmatch(a.data, b.data, out.data, a.width, a.height, { threshold: 0.1 });
    runs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  runs.sort((x, y) => x - y);
  const off = Math.abs(n - p.pixels);
  const share = n === 0 ? (off === 0 ? 0 : 1) : off / n;
  if (share > 0.01 && off > 2) bad++;
  console.log(`| ${p.name} | ${p.pixels} | ${n} | ${(share * 100).toFixed(2)}% | ${runs[2].toFixed(1)} |`);
}
process.exit(bad ? 1 : 0);
