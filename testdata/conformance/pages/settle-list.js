// renders the operations of the settle-*-fetch.html pages
function render(names) {
  document.getElementById('state').textContent = names.length + ' operations';
  for (const n of names) {
    const li = document.createElement('li'), a = document.createElement('a');
    a.href = '#' + n;
    a.textContent = 'operation ' + n;
    li.append(a);
    document.getElementById('ops').append(li);
  }
}
