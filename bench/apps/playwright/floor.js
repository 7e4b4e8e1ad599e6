// The floor of an app's run (bench/apps/run.sh, FLOOR=1): launch, a fresh
// context and page, `goto` the app's first page (Playwright waits for
// `load`), close. run.sh reads PATH from the first `open:` line of
// bench/apps/flows/APP.yaml, for both tools. Run as
//   node floor.js PATH BASE_URL
const { main } = require('./lib');

const page = process.argv[2];
process.argv.splice(2, 1); // lib.js reads the base URL as argv[2]
main([['open', (p, base) => p.goto(base + page)]]);
