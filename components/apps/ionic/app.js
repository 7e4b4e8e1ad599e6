// Ionic (Stencil): an input, a select that opens an alert with radios and
// OK, and a toggle, from Ionic's custom-elements build.
import '@ionic/core/css/core.css';
import '@ionic/core/css/structure.css';
import '@ionic/core/css/typography.css';
import { initialize } from '@ionic/core/components';
import { defineCustomElement as list } from '@ionic/core/components/ion-list.js';
import { defineCustomElement as item } from '@ionic/core/components/ion-item.js';
import { defineCustomElement as input } from '@ionic/core/components/ion-input.js';
import { defineCustomElement as select } from '@ionic/core/components/ion-select.js';
import { defineCustomElement as option } from '@ionic/core/components/ion-select-option.js';
import { defineCustomElement as toggle } from '@ionic/core/components/ion-toggle.js';
import { defineCustomElement as button } from '@ionic/core/components/ion-button.js';

initialize();
for (const define of [list, item, input, select, option, toggle, button]) define();

document.getElementById('order').addEventListener('click', () => {
  const v = (id) => document.getElementById(id);
  document.getElementById('out').textContent =
    `Ordered: name=${v('name').value || ''}, size=${v('size').value || ''}, gift wrap=${v('gift').checked ? 'yes' : 'no'}`;
});
