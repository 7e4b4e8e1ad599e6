// a module of settle-listener.html: where the todos go
define('settle-listener-store', [], () => ({
  add(text) {
    const li = document.createElement('li');
    li.textContent = text;
    document.getElementById('items').append(li);
  },
}));
