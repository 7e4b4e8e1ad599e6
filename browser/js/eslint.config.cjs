// The lint of smokeflow's in-page code (docs/architecture-notes.md
// "In-page code"), run by `make lint-js`: every file of browser/js/ is
// one script in a browser, which sees the browser's globals, lib.js's
// helpers and the constants of Go that js.go's prelude defines; a name
// none of them defines, or one left unused, is an error.
const fs = require('node:fs');
const path = require('node:path');
const globals = require('globals');

// lib.js's helpers and constants, by their declarations
const lib = fs.readFileSync(path.join(__dirname, 'lib.js'), 'utf8');
const helpers = [...lib.matchAll(/^(?:function|const) (\w+)/gm)].map((m) => m[1]);

// Go's constants, by their names in js.go's jsConstants
const goSide = fs.readFileSync(path.join(__dirname, '..', 'js.go'), 'utf8');
const table = goSide.slice(goSide.indexOf('var jsConstants'), goSide.indexOf('\n}\n', goSide.indexOf('var jsConstants')));
const constants = [...table.matchAll(/\{"(\w+)", /g)].map((m) => m[1]);

module.exports = [
  {ignores: ['.cache/**', 'eslint.config.cjs']},
  {
    files: ['*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'script',
      globals: {
        ...globals.browser,
        ...Object.fromEntries([...helpers, ...constants].map((n) => [n, 'readonly'])),
      },
    },
    rules: {
      'no-undef': 'error',
      // a `catch (e) {}` that ignores what was thrown says so by itself
      'no-unused-vars': ['error', {caughtErrors: 'none'}],
    },
  },
  {
    // lib.js's top-level helpers are for the other scripts
    files: ['lib.js'],
    rules: {'no-unused-vars': ['error', {caughtErrors: 'none', vars: 'local'}]},
  },
];
