// Vaadin (Lit): a text field, a combo box, a date picker and a checkbox;
// their inputs live in the light DOM, slotted into the hosts.
import '@vaadin/text-field';
import '@vaadin/combo-box';
import '@vaadin/date-picker';
import '@vaadin/checkbox';
import '@vaadin/button';

const form = document.getElementById('job');
const el = (name) => form.querySelector(`[name=${name}]`);
el('country').items = ['France', 'Germany', 'Spain', 'Portugal'];
document.getElementById('post').addEventListener('click', () => {
  document.getElementById('out').textContent =
    `Posted: company=${el('company').value}, country=${el('country').value}, start=${el('start').value}, remote=${el('remote').checked ? 'yes' : 'no'}`;
});
