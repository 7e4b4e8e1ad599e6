// UI5 Web Components (SAP): an input and a select named by ui5-label
// elements, and a checkbox.
import '@ui5/webcomponents/dist/Label.js';
import '@ui5/webcomponents/dist/Input.js';
import '@ui5/webcomponents/dist/Select.js';
import '@ui5/webcomponents/dist/Option.js';
import '@ui5/webcomponents/dist/CheckBox.js';
import '@ui5/webcomponents/dist/Button.js';

const v = (id) => document.getElementById(id);
v('create').addEventListener('click', () => {
  v('out').textContent =
    `Created: title=${v('title').value}, priority=${v('priority').value}, notify=${v('notify').checked ? 'yes' : 'no'}`;
});
