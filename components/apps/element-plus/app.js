// Element Plus (Vue 3): a form whose items label an input, a select (its
// dropdown teleported to body), a date picker and a switch.
import 'element-plus/dist/index.css';
import { createApp } from 'vue';
import ElementPlus from 'element-plus';

createApp({
  data: () => ({
    form: { name: '', venue: '', date: '', public: false },
    venues: ['Main hall', 'Rooftop terrace', 'Garden pavilion'],
    out: '',
  }),
  methods: {
    save() {
      const f = this.form;
      this.out = `Created: event=${f.name}, venue=${f.venue}, date=${f.date || ''}, public=${f.public ? 'yes' : 'no'}`;
    },
  },
}).use(ElementPlus).mount('#app');
