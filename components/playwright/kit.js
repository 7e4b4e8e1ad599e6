// kit(library, workarounds, body): one test of `make components`, named by
// the library's folder (components/apps/LIBRARY), with the workarounds it
// needed as annotations of type "workaround" (components/table.js lists
// them). A workaround is anything a new user would not write first with
// getByRole/getByLabel/getByText and fill/check/click/selectOption: a CSS
// locator, force: true, a click on an option because selectOption works
// on native selects only, a keyboard press to commit a value.
const { test, expect } = require('@playwright/test');

function kit(library, workarounds, body) {
  test(library, { annotation: workarounds.map((description) => ({ type: 'workaround', description })) }, body);
}

module.exports = { kit, expect };
