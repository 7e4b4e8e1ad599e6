// Fluent UI web components v3 (FAST element): tabs, fields whose <label>
// names a text input, a dropdown, a checkbox and a switch; the checkbox,
// switch and options take their roles through ElementInternals.
import { webLightTheme } from '@fluentui/tokens';
import { setTheme } from '@fluentui/web-components';
import '@fluentui/web-components/tablist/define.js';
import '@fluentui/web-components/tab/define.js';
import '@fluentui/web-components/field/define.js';
import '@fluentui/web-components/text-input/define.js';
import '@fluentui/web-components/dropdown/define.js';
import '@fluentui/web-components/listbox/define.js';
import '@fluentui/web-components/option/define.js';
import '@fluentui/web-components/checkbox/define.js';
import '@fluentui/web-components/switch/define.js';
import '@fluentui/web-components/button/define.js';

setTheme(webLightTheme);
const v = (id) => document.getElementById(id);
v('book').addEventListener('click', () => {
  const day = v('tomorrow').getAttribute('aria-selected') === 'true' ? 'Tomorrow' : 'Today';
  v('out').textContent =
    `Booked: day=${day}, title=${v('title').value}, room=${v('room').value || ''}, projector=${v('projector').checked ? 'yes' : 'no'}, private=${v('private').checked ? 'yes' : 'no'}`;
});
