// Vuetify (Vue 3): a text field, a v-select (a combobox whose menu is an
// overlay at the end of body), a checkbox and a switch whose native
// inputs sit under drawn controls. The template is compiled in the page.
import 'vuetify/styles';
import { createApp } from 'vue';
import { createVuetify } from 'vuetify';
import * as components from 'vuetify/components';
import * as directives from 'vuetify/directives';

createApp({
  data: () => ({ name: '', plan: null, invoices: false, tfa: false, out: '' }),
  methods: {
    save() {
      this.out = `Saved: name=${this.name}, plan=${this.plan || ''}, invoices=${this.invoices ? 'yes' : 'no'}, 2FA=${this.tfa ? 'on' : 'off'}`;
    },
  },
}).use(createVuetify({ components, directives })).mount('#app');
