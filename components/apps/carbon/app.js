// Carbon web components (Lit): a text input, a dropdown (a listbox button
// in a shadow root) and a checkbox.
import '@carbon/web-components/es/components/text-input/index.js';
import '@carbon/web-components/es/components/dropdown/index.js';
import '@carbon/web-components/es/components/checkbox/index.js';
import '@carbon/web-components/es/components/button/index.js';

const form = document.getElementById('beta');
const el = (name) => form.querySelector(`[name=${name}]`);
function save() {
  const region = el('region');
  const item = region.querySelector(`cds-dropdown-item[value="${region.value}"]`);
  document.getElementById('out').textContent =
    `Joined: email=${el('email').value}, region=${item ? item.textContent.trim() : ''}, release notes=${el('notes').checked ? 'yes' : 'no'}`;
}
form.addEventListener('submit', (e) => { e.preventDefault(); save(); });
form.querySelector('cds-button').addEventListener('click', save);
