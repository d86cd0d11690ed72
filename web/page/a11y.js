// The page around the lab (web/index.html; the scripts' list: page/texts.js): the hidden
// description and the live region, from the engine's words (app/describe.hpp), sent by the
// frames that draw whenever they change. The live region says what changed: the last step
// (or the start, or the stop), the point under the canvas cursor; while the lab plays, a
// summary every 3 seconds at most.
(function (page) {
  'use strict';
  if (page.stopped) return;
  var api = page.api;
  var a11ySections = document.getElementById('pla-a11y-sections');
  var a11yTitle = document.getElementById('pla-a11y-title');
  var a11yBox = document.getElementById('pla-a11y');
  var live = document.getElementById('pla-live');
  var lastDescription = null, lastSummaryAt = -1e9;
  api.announcements = [];
  function announce(text) {
    if (!text) return;
    live.textContent = text;
    api.announcements.push(text);
    if (api.announcements.length > 50) api.announcements.shift();
  }
  function sections(d) {
    var frag = document.createDocumentFragment();
    d.sections.forEach(function (s) {
      var h = document.createElement('h2');
      h.id = 'pla-a11y-' + s.id;
      h.textContent = s.heading;
      var ul = document.createElement('ul');
      ul.setAttribute('aria-labelledby', h.id);
      (s.items || []).forEach(function (item) {
        var li = document.createElement('li');
        li.textContent = item;
        ul.appendChild(li);
      });
      frag.appendChild(h);
      frag.appendChild(ul);
    });
    return frag;
  }
  page.describe = function (d) {
    if (!d || !Array.isArray(d.sections)) return;
    var htmlLang = page.htmlLang(d.lang) || 'en';
    a11yBox.lang = htmlLang;
    live.lang = htmlLang;
    a11yTitle.textContent = d.title;
    var frag = sections(d);
    a11ySections.textContent = '';
    a11ySections.appendChild(frag);
    page.canvas.setAttribute('aria-label', (page.texts[d.lang] || page.texts.en || {}).canvas_label || 'Perceptron Lab');
    var prev = lastDescription, now = performance.now();
    lastDescription = d;
    api.description = d;
    if (d.playing) {
      if (now - lastSummaryAt >= 3000) { lastSummaryAt = now; announce(d.summary); }
      return;
    }
    var parts = [];
    if (d.cursor && (!prev || prev.cursor !== d.cursor)) parts.push(d.cursor);
    if (!prev || prev.step !== d.step || prev.playing) parts.push(d.step);
    // Sentences follow each other after a space, or none after a full-width mark ("。").
    if (parts.length) announce(parts.reduce(function (a, b) { return a + (/[\u3000-\u303f\uff00-\uffef]$/.test(a) ? '' : ' ') + b; }));
  };
})(window.PLA_PAGE);
