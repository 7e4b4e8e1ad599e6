(function () {
  'use strict';
  var flows = Array.prototype.slice.call(document.querySelectorAll('details.flow'));
  var text = document.getElementById('f-text');
  var tag = document.getElementById('f-tag');
  var shown = document.getElementById('shown');
  function apply() {
    var want = {};
    document.querySelectorAll('#filters input[name=status]').forEach(function (i) { want[i.value] = i.checked; });
    var words = text.value.toLowerCase().trim().split(/\s+/).filter(Boolean);
    var t = tag.value, n = 0;
    flows.forEach(function (f) {
      var ok = want[f.dataset.status] &&
        (!t || f.dataset.tags.split(' ').indexOf(t) >= 0) &&
        words.every(function (w) { return f.dataset.search.indexOf(w) >= 0; });
      f.hidden = !ok;
      if (ok) n++;
    });
    shown.textContent = String(n);
  }
  document.getElementById('filters').addEventListener('input', apply);
  document.getElementById('filters').addEventListener('change', apply);
  document.querySelectorAll('.strip').forEach(function (s) {
    var frames = s.querySelectorAll('.frame');
    var pos = s.querySelector('.pos'), at = 0;
    function show(j) {
      at = Math.max(0, Math.min(frames.length - 1, j));
      frames.forEach(function (f, k) { f.hidden = k !== at; });
      pos.textContent = (at + 1) + ' / ' + frames.length;
    }
    s.querySelector('.prev').addEventListener('click', function () { show(at - 1); });
    s.querySelector('.next').addEventListener('click', function () { show(at + 1); });
    s.addEventListener('keydown', function (e) {
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        show(at + (e.key === 'ArrowLeft' ? -1 : 1));
        e.preventDefault();
      }
    });
    show(0);
  });
  apply();
  document.body.dataset.ready = 'true';
  if (window.performance && performance.mark) performance.mark('smokeflow-ready');
})();
