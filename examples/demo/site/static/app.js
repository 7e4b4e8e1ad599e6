// Mug & Bean demo shop: small vanilla scripts, one per page feature.
(function () {
  'use strict';

  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  function postJSON(url, body) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (res) {
      if (!res.ok) { throw new Error(url + ' answered ' + res.status); }
      return res.json();
    });
  }

  function setCartCount(n) {
    var badge = $('#cart-count');
    if (badge) { badge.textContent = String(n); }
  }

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }

  // Cookie banner: shown on every page until "Accept cookies" is clicked.
  function initCookieBanner() {
    var banner = $('#cookie-banner');
    if (!banner) { return; }
    // The browser stores a cookie set from script a moment later: a
    // navigation right after "Accept cookies" may reach the server without
    // it, so the page checks again.
    if (/(^|; )cookie_consent=accepted(;|$)/.test(document.cookie)) {
      banner.remove();
      return;
    }
    $('#accept-cookies').addEventListener('click', function () {
      document.cookie = 'cookie_consent=accepted; path=/; max-age=31536000; SameSite=Lax';
      banner.remove();
    });
  }

  // Search page: "Loading…" for at least 600 ms, then the results from
  // /api/search, rendered here.
  var MIN_SPINNER_MS = 600;
  function initSearch() {
    var results = $('#results');
    if (!results) { return; }
    var spinner = $('#spinner');
    var q = results.getAttribute('data-query') || '';
    var started = Date.now();
    fetch('/api/search?q=' + encodeURIComponent(q), { credentials: 'same-origin' })
      .then(function (res) {
        if (!res.ok) { throw new Error('search answered ' + res.status); }
        return res.json();
      })
      .then(function (items) {
        var wait = Math.max(0, MIN_SPINNER_MS - (Date.now() - started));
        return new Promise(function (resolve) { setTimeout(function () { resolve(items); }, wait); });
      })
      .then(function (items) {
        spinner.hidden = true;
        if (items.length === 0) {
          results.appendChild(el('p', { id: 'result-count' }, 'No products found'));
          return;
        }
        results.appendChild(el('p', { id: 'result-count' },
          items.length + (items.length === 1 ? ' product found' : ' products found')));
        var list = el('ul', { 'class': 'grid', 'aria-label': 'Search results' });
        items.forEach(function (p) {
          var li = el('li', { 'class': 'card' });
          li.appendChild(el('div', { 'class': 'swatch swatch-' + p.swatch, 'aria-hidden': 'true' }));
          var h = el('h2', { 'class': 'card-title' });
          h.appendChild(el('a', { href: p.url }, p.name));
          li.appendChild(h);
          li.appendChild(el('p', { 'class': 'price' }, p.price_text));
          list.appendChild(li);
        });
        results.appendChild(list);
      })
      .catch(function () {
        spinner.hidden = true;
        results.appendChild(el('p', { 'class': 'error', role: 'alert' }, 'Search failed. Please try again.'));
      });
  }

  // Product page: "Add to cart" posts to /api/cart, then opens the
  // "Added to cart" dialog over a backdrop.
  function initProduct() {
    var form = $('#add-to-cart');
    if (!form) { return; }
    var modal = $('#cart-modal');
    var submit = $('button[type=submit]', form);
    var qty = form.elements.namedItem('qty');
    var id = form.elements.namedItem('id');

    function open(message) {
      $('#cart-dialog-text').textContent = message;
      modal.hidden = false;
      document.body.classList.add('modal-open');
      $('#continue-shopping').focus();
    }
    function close() {
      modal.hidden = true;
      document.body.classList.remove('modal-open');
      submit.focus();
    }

    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var n = parseInt(qty.value, 10);
      submit.disabled = true;
      postJSON('/api/cart', { id: id.value, qty: n })
        .then(function (cart) {
          setCartCount(cart.count);
          submit.disabled = false;
          open(n + ' × ' + form.getAttribute('data-name') + ' added to your cart.');
        })
        .catch(function (err) {
          submit.disabled = false;
          console.error(err);
        });
    });
    $('#continue-shopping').addEventListener('click', close);
    $('#close-dialog').addEventListener('click', close);
    $('#view-cart').addEventListener('click', function () { window.location.href = '/cart'; });
    document.addEventListener('keydown', function (e) {
      if (e.key === 'Escape' && !modal.hidden) { close(); }
    });

    // "Show more reviews" is a div with a click handler (no role, no tabindex).
    var more = $('#more-reviews');
    if (more) {
      more.addEventListener('click', function () {
        $$('.review[hidden]').forEach(function (li) { li.hidden = false; });
        more.remove();
      });
    }
  }

  // Cart page: changing a quantity updates the line and the subtotal in place.
  function initCart() {
    $$('select.qty').forEach(function (sel) {
      sel.addEventListener('change', function () {
        var id = sel.getAttribute('data-id');
        postJSON('/api/cart/update', { id: id, qty: parseInt(sel.value, 10) })
          .then(function (cart) {
            cart.lines.forEach(function (line) {
              $$('tr[data-id]').forEach(function (row) {
                if (row.getAttribute('data-id') === line.id) {
                  $('.line-total', row).textContent = line.total_text;
                }
              });
            });
            $('#subtotal').textContent = cart.subtotal_text;
            setCartCount(cart.count);
          })
          .catch(function (err) { console.error(err); });
      });
    });
  }

  // Checkout: "Place order" stays disabled until name, address and a card
  // number (12 to 19 digits) are filled and the terms are accepted.
  function initCheckout() {
    var form = $('#checkout-form');
    if (!form) { return; }
    var button = $('#place-order');
    function field(name) { return form.elements.namedItem(name); }
    function valid() {
      var card = field('card').value.replace(/[\s-]/g, '');
      return field('name').value.trim() !== '' &&
        field('address').value.trim() !== '' &&
        /^[0-9]{12,19}$/.test(card) &&
        field('terms').checked;
    }
    function money(cents) { return '$' + (cents / 100).toFixed(2); }
    function update() {
      button.disabled = !valid();
      var opt = field('delivery').selectedOptions[0];
      var shipping = opt ? parseInt(opt.getAttribute('data-price'), 10) : 0;
      var total = $('#order-total');
      $('#shipping-cost').textContent = shipping === 0 ? 'Free' : money(shipping);
      total.textContent = money(parseInt(total.getAttribute('data-subtotal'), 10) + shipping);
    }
    form.addEventListener('input', update);
    form.addEventListener('change', update);
    form.addEventListener('submit', function (e) {
      if (!valid()) { e.preventDefault(); }
    });
    update();
  }

  function init() {
    initCookieBanner();
    initSearch();
    initProduct();
    initCart();
    initCheckout();
  }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', init);
  } else {
    init();
  }
}());
