// The floor of an app's run (bench/apps/run.sh, FLOOR=1): launch, a fresh
// context and page, `goto` the app's page (Playwright waits for `load`),
// close. The page is the first `open:` of bench/apps/flows/APP.yaml, so
// the path is written in one place. Run as
//   node floor.js APP BASE_URL
const fs = require('fs');
const path = require('path');
const { main } = require('./lib');

const app = process.argv[2];
process.argv.splice(2, 1); // lib.js reads the base URL as argv[2]
const flow = fs.readFileSync(path.join(__dirname, '..', 'flows', app + '.yaml'), 'utf8');
const m = /^\s*- open: (\S+)\s*$/m.exec(flow);
if (!m) {
  console.error(`floor.js: no "- open: PATH" line in bench/apps/flows/${app}.yaml`);
  process.exit(2);
}
main([['open', (page, base) => page.goto(base + m[1])]]);
