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

// dragWithMouse drags from onto to with page.mouse: a press at from's
// centre, ten moves to to's centre (or position, from its top-left
// corner), a release. It is the workaround where dragTo's one move does
// not start a library's drag, or does not carry it over the items it
// crosses.
async function dragWithMouse(page, from, to, position) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  const p = position || { x: b.width / 2, y: b.height / 2 };
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + p.x, b.y + p.y, { steps: 10 });
  await page.mouse.up();
}

module.exports = { kit, expect, dragWithMouse };
