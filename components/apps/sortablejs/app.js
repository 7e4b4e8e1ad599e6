// SortableJS: the first list with native drag and drop (the default), the
// second with forceFallback; each says its order once a drag ends.
import Sortable from 'sortablejs';

for (const [id, options] of [['tonight', {}], ['tomorrow', { forceFallback: true }]]) {
  const list = document.getElementById(id);
  const out = document.getElementById(id + '-out');
  const show = () => { out.textContent = `${id}: ${[...list.children].map((li) => li.textContent).join(', ')}`; };
  Sortable.create(list, { animation: 150, ...options, onEnd: show });
  show();
}
