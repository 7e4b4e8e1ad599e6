// Shoelace (Lit): a text field, a custom select, a checkbox and a switch.
import '@shoelace-style/shoelace/dist/themes/light.css';
import '@shoelace-style/shoelace/dist/components/input/input.js';
import '@shoelace-style/shoelace/dist/components/select/select.js';
import '@shoelace-style/shoelace/dist/components/option/option.js';
import '@shoelace-style/shoelace/dist/components/checkbox/checkbox.js';
import '@shoelace-style/shoelace/dist/components/switch/switch.js';
import '@shoelace-style/shoelace/dist/components/button/button.js';

const form = document.getElementById('project');
form.addEventListener('submit', (e) => {
  e.preventDefault();
  const el = (name) => form.querySelector(`[name=${name}]`);
  const yes = (name) => (el(name).checked ? 'yes' : 'no');
  document.getElementById('out').textContent =
    `Created: project=${el('project').value}, plan=${el('plan').value}, updates=${yes('updates')}, public=${yes('public')}`;
});
