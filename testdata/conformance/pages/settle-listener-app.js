// the app of settle-listener.html: Enter in the field adds an item
document.getElementById('new').addEventListener('keydown', e => {
  if (e.key !== 'Enter' || !e.target.value) return;
  const li = document.createElement('li');
  li.textContent = e.target.value;
  document.getElementById('items').append(li);
  e.target.value = '';
});
