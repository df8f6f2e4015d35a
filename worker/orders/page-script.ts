/**
 * The order page's only script (allowed by its hash in the page's CSP): the NIP look-up
 * (the register's company shown, never typed),
 * the delivery days of the chosen city, sending the form, showing the document, the code
 * and the acceptance. Plain ES2017 without a build step; texts come from the page (data
 * attributes and the JSON block), errors from the server, each shown next to its field.
 */
export const ORDER_SCRIPT = `(function () {
  var root = document.getElementById('order-app');
  if (!root) return;
  var data = JSON.parse(document.getElementById('order-data').textContent);
  var form = document.getElementById('order-form');
  var acceptSection = document.getElementById('accept');
  var doneSection = document.getElementById('done');
  var status = document.getElementById('order-status');
  var waiting = document.getElementById('waiting');
  var orderId = data.orderId;
  var submissionId = (self.crypto && crypto.randomUUID) ? crypto.randomUUID() : undefined;

  function field(name) { return form ? form.elements.namedItem(name) : null; }
  function errorBox(name) { return document.getElementById('err-' + name); }
  function clearErrors(scope) {
    scope.querySelectorAll('.err').forEach(function (e) { e.textContent = ''; e.hidden = true; });
    scope.querySelectorAll('[aria-invalid]').forEach(function (e) { e.removeAttribute('aria-invalid'); });
  }
  function showError(name, text) {
    var box = errorBox(name);
    var input = document.getElementById('f-' + name);
    if (box) { box.textContent = text; box.hidden = false; }
    if (input) { input.setAttribute('aria-invalid', 'true'); input.focus(); }
    if (!box) say(text);
  }
  function say(text) { status.textContent = text; status.hidden = !text; }
  function post(url, body) {
    return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) { return res.json().catch(function () { return {}; }).then(function (json) { return { status: res.status, json: json }; }); });
  }

  // Delivery days of the chosen city.
  function fillDays() {
    var city = field('city').value;
    var select = field('date');
    var chosen = select.value;
    var days = data.days[city] || [];
    select.textContent = '';
    var first = document.createElement('option');
    first.value = '';
    first.textContent = days.length ? data.texts.pickDay : data.texts.noDays;
    select.appendChild(first);
    days.forEach(function (d) {
      var o = document.createElement('option');
      o.value = d.value;
      o.textContent = d.label;
      select.appendChild(o);
    });
    // A day the server's page had chosen stays chosen when it is still offered.
    if (city && chosen) select.value = chosen;
    if (select.value !== chosen) select.value = '';
  }
  if (form) {
    // 'input' too: a keyboard's type-ahead on a closed select changes it before any 'change'.
    field('city').addEventListener('change', fillDays);
    field('city').addEventListener('input', fillDays);
    fillDays();
  }

  // The NIP look-up: shows the register's company (never typed), or why it cannot order online.
  var lookup = document.getElementById('nip-lookup');
  var vat = document.getElementById('vat-check');
  var companyBox = document.getElementById('company');
  document.querySelectorAll('[data-print]').forEach(function (b) { b.hidden = false; });
  function showCompany(c) {
    var active = c.vatStatus === 'Czynny';
    document.getElementById('company-name').textContent = c.name || '';
    document.getElementById('company-address').textContent = c.address || '–';
    document.getElementById('company-ids').textContent = (c.regon || '–') + ' / ' + (c.krs || '–');
    var status = document.getElementById('company-vat');
    status.textContent = c.vatStatus + (active ? ' – czynny podatnik VAT' : ' – umowy online nie zawrzemy');
    status.className = 'vat ' + (active ? 'ok' : 'warn');
    companyBox.hidden = false;
    vat.className = 'vat ' + (active ? 'ok' : 'warn');
    vat.textContent = active ? data.texts.vatActive : data.texts.vatInactive;
  }
  if (lookup) lookup.addEventListener('click', function (event) {
    event.preventDefault();
    clearErrors(form);
    var nip = field('nip').value;
    vat.className = 'vat';
    vat.textContent = data.texts.looking;
    companyBox.hidden = true;
    lookup.disabled = true;
    fetch('/api/company/' + encodeURIComponent(nip.replace(/[s-]/g, '')))
      .then(function (res) { return res.json().then(function (json) { return { status: res.status, json: json }; }); })
      .then(function (r) {
        if (r.status === 200) showCompany(r.json);
        else if (r.status === 400 || r.status === 404) {
          vat.textContent = '';
          showError('nip', r.json.error);
        } else {
          vat.className = 'vat warn';
          vat.textContent = r.json.error || data.texts.unavailable;
        }
      })
      .catch(function () { vat.className = 'vat warn'; vat.textContent = data.texts.network; })
      .then(function () { lookup.disabled = false; });
  });

  function showDocument(answer) {
    document.getElementById('doc-text').textContent = answer.document;
    document.getElementById('doc-sha').textContent = answer.documentSha256;
    document.getElementById('doc-version').textContent = answer.termsVersion;
    acceptSection.hidden = false;
    var heading = document.getElementById('accept-title');
    heading.focus();
  }

  if (form) form.addEventListener('submit', function (event) {
    event.preventDefault();
    clearErrors(form);
    say('');
    var body = {
      nip: field('nip').value, signerName: field('signerName').value,
      signerPosition: field('signerPosition').value, signerEmail: field('signerEmail').value,
      signerPhone: field('signerPhone').value, represents: field('represents').checked, city: field('city').value,
      date: field('date').value, deliveryAddress: field('deliveryAddress').value,
      marketingConsent: field('marketingConsent').checked, website: field('website').value, submissionId: submissionId
    };
    var button = document.getElementById('order-submit');
    button.disabled = true;
    post('/api/orders/' + data.quoteId, body).then(function (r) {
      if (r.status === 201) {
        orderId = r.json.id;
        submissionId = (self.crypto && crypto.randomUUID) ? crypto.randomUUID() : undefined;
        say('');
        waiting.hidden = true;
        showDocument(r.json);
      } else if (r.status === 202) {
        waiting.textContent = r.json.message;
        waiting.hidden = false;
        waiting.focus();
      } else if (r.json.field) showError(r.json.field, r.json.error);
      else say(r.json.error || data.texts.network);
    }).catch(function () { say(data.texts.network); }).then(function () { button.disabled = false; });
  });

  var codeForm = document.getElementById('code-form');
  var codeStatus = document.getElementById('code-status');
  codeForm.addEventListener('submit', function (event) {
    event.preventDefault();
    clearErrors(codeForm);
    codeStatus.textContent = '';
    var button = document.getElementById('code-submit');
    button.disabled = true;
    post('/api/orders/' + orderId + '/accept', { code: document.getElementById('f-code').value }).then(function (r) {
      if (r.status === 200) {
        if (form) form.hidden = true;
        acceptSection.hidden = true;
        document.getElementById('done-at').textContent = r.json.acceptedAtText;
        document.getElementById('done-delivery').textContent = ' ' + r.json.delivery;
        if (r.json.verification) document.getElementById('verify-from').textContent = r.json.verification.from;
        doneSection.hidden = false;
        document.getElementById('done-title').focus();
      } else if (r.json.field === 'code') showError('code', r.json.error);
      else { codeStatus.textContent = r.json.error || data.texts.network; codeStatus.hidden = false; }
    }).catch(function () { codeStatus.textContent = data.texts.network; codeStatus.hidden = false; })
      .then(function () { button.disabled = false; });
  });
  document.getElementById('code-again').addEventListener('click', function (event) {
    event.preventDefault();
    clearErrors(codeForm);
    post('/api/orders/' + orderId + '/code', {}).then(function (r) {
      codeStatus.textContent = r.status === 200 ? data.texts.codeSent : (r.json.error || data.texts.network);
      codeStatus.hidden = false;
    });
  });
  document.querySelectorAll('[data-print]').forEach(function (b) { b.addEventListener('click', function () { window.print(); }); });
})();`;
