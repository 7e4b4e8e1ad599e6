// the app of settle-listener.html, a module: it loads the saved todos, then
// listens to the field: Enter adds an item
define('settle-listener-app', [], () => store => fetch('/api/slow?ms=150').then(r => r.json()).then(saved => {
  saved.forEach(store.add);
  document.getElementById('new').addEventListener('keydown', e => {
    if (e.key !== 'Enter' || !e.target.value) return;
    store.add(e.target.value);
    e.target.value = '';
  });
}));
