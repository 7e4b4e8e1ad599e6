// Material Web (Lit): an outlined text field, an outlined select whose
// options carry slotted headlines, a checkbox and a switch in labels.
import '@material/web/textfield/outlined-text-field.js';
import '@material/web/select/outlined-select.js';
import '@material/web/select/select-option.js';
import '@material/web/checkbox/checkbox.js';
import '@material/web/switch/switch.js';
import '@material/web/button/filled-button.js';

const form = document.getElementById('signup');
form.addEventListener('submit', (e) => {
  e.preventDefault();
  const el = (name) => form.querySelector(`[name=${name}]`);
  document.getElementById('out').textContent =
    `Signed up: name=${el('name').value}, city=${el('city').value}, terms=${el('terms').checked ? 'yes' : 'no'}, newsletter=${el('newsletter').selected ? 'yes' : 'no'}`;
});
