// The page around the lab (web/index.html; the scripts' list: page/texts.js): the files the page
// loads, fetched or else through a <script> tag (NAME.js puts the bytes in
// window.PLA_FILES[NAME]); a failure is {why: a sentence in the page's language}. Also the
// languages' fonts, the clipboard, and the probes for WebAssembly SIMD and storage.
(function (page) {
  'use strict';
  if (page.stopped) return;
  var t = page.t, api = page.api, status = page.status;

  var originNull = String(self.origin) === 'null' || location.protocol === 'file:';
  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.onload = function () { resolve(s); };
      s.onerror = function () { s.remove(); reject({ why: t('why_network') }); };
      document.body.appendChild(s);
    });
  }
  page.loadScript = loadScript;
  function fromBase64(text) {
    var bin = atob(text), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }
  api.loadedBy = {};
  function loadByScript(file) {
    return loadScript(file + '.js').then(function (s) {
      s.remove();
      var files = window.PLA_FILES || {}, text = files[file];
      delete files[file];
      if (typeof text !== 'string') throw { why: t('why_network') };
      api.loadedBy[file] = 'script';
      return fromBase64(text);
    });
  }
  function showProgress(received, total) {
    if (status.hidden || status.className === 'error') return;
    var kb = function (n) { return String(Math.round(n / 1024)); };
    api.loadProgress = { received: received, total: total };
    status.textContent = total >= received && total > 0 ? t('loading_bytes', { received: kb(received), total: kb(total) })
                                                        : t('loading_bytes_unknown', { received: kb(received) });
  }
  // The body's bytes, read in chunks with the progress shown.
  function readWithProgress(r, total) {
    var reader = r.body.getReader(), chunks = [], received = 0;
    showProgress(0, total);
    function pump() {
      return reader.read().then(function (c) {
        if (!c.done) {
          chunks.push(c.value);
          received += c.value.length;
          showProgress(received, total);
          return pump();
        }
        var all = new Uint8Array(received), at = 0;
        chunks.forEach(function (x) { all.set(x, at); at += x.length; });
        return all;
      });
    }
    return pump();
  }
  function fetchBytes(file, progress) {
    return fetch(file).then(function (r) {
      if (!r.ok) throw { why: t('why_http', { status: r.status }), status: r.status };
      // Content-Length counts compressed bytes when the server compresses: no total then.
      var total = r.headers.get('Content-Encoding') ? 0 : Number(r.headers.get('Content-Length')) || 0;
      if (!progress || !r.body || !r.body.getReader) return r.arrayBuffer().then(function (b) { return new Uint8Array(b); });
      return readWithProgress(r, total);
    }).catch(function (e) { throw e && e.why ? e : { why: t('why_network') }; });
  }
  page.loadBytes = function (file, progress) {
    if (originNull) return loadByScript(file);
    return fetchBytes(file, progress).then(function (bytes) {
      api.loadedBy[file] = 'fetch';
      return bytes;
    }, function (e) {
      // The server's own answer (404: not there) is final, except 403 (a filter that blocks .wasm).
      if (e.status && e.status !== 403) throw e;
      console.warn(file + ': ' + e.why + '; loading ' + file + '.js instead');
      return loadByScript(file).catch(function () { throw e; });
    });
  };
  // WebAssembly SIMD: a tiny module using v128 (i8x16.splat, i8x16.popcnt) must validate.
  page.simdSupported = function () {
    try {
      return WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0,
                                                  10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]));
    } catch (e) { return false; }
  };
  // localStorage throws in a sandboxed iframe without allow-same-origin (and may be full or off).
  page.storageWorks = function () {
    var s = page.storage();
    try { s.setItem('perceptron-lab:probe', '1'); s.removeItem('perceptron-lab:probe'); return true; } catch (e) { return false; }
  };

  // A language's own fonts (zh: Chinese) are not in the wasm: the single-file page carries
  // them inside (#pla-font-NAME, base64); otherwise each is fetched (fonts/NAME.ttf), only
  // when the engine asks for it (its language is chosen; a "more" font, zh-more, when a
  // teacher's text shown uses one of its characters).
  var fontRequests = {};
  function fontFailed(name, why) {
    api.fonts[name] = 'failed';
    console.warn('font ' + name + ': ' + why);
    page.showToast(t('font_failed'));
  }
  function provideFont(name, bytes) {
    var ok = Module.ccall('pla_provide_font', 'number', ['string', 'array', 'number'], [name, bytes, bytes.length]);
    if (ok !== 1) { fontFailed(name, 'refused by the engine'); return; }
    api.fonts[name] = 'loaded';
    api.fontLoadedMs = api.fontLoadedMs || {};
    api.fontLoadedMs[name] = performance.now() - page.started;
  }
  page.requestFont = function (name) {
    if (!/^[a-z][a-z0-9-]*$/.test(name) || fontRequests[name]) return;
    fontRequests[name] = true;
    api.fonts[name] = 'loading';
    setTimeout(function () {  // never inside the frame that asked
      var embedded = document.getElementById('pla-font-' + name);
      if (embedded) {
        var bytes;
        try { bytes = fromBase64(embedded.textContent.replace(/\s+/g, '')); } catch (e) { fontFailed(name, String(e)); return; }
        provideFont(name, bytes);
        return;
      }
      page.loadBytes('fonts/' + name + '.ttf', false).then(function (b) { provideFont(name, b); },
                                                           function (e) { fontFailed(name, e.why); });
    }, 0);
  };
  api.fonts = {};

  // The files the engine's build left out (core/base/data_files.hpp): each built-in lesson's
  // text (lessons/ID.json) and the catalogs of the languages other than English
  // (i18n/CODE.json). Each is fetched once: when the engine asks (Module.onDataRequest), or
  // before, for what the page knows it will ask (page.prefetchData: its language, the
  // link's lesson); the engine gets its text, or the page's sentence why it did not come
  // (pla_provide_data). The single-file page never asks: it carries them all inside.
  var dataFiles = {}, fetched = {};
  page.prefetchData = function (name) {
    if (!dataFiles[name]) {
      dataFiles[name] = page.loadBytes(name, false).then(function (b) { return new TextDecoder().decode(b); });
      dataFiles[name].then(function (text) { fetched[name] = text; }, function () { /* told when the engine asks */ });
    }
    return dataFiles[name];
  };
  // The files already fetched, to the engine before it runs its first commands.
  page.provideFetched = function () {
    Object.keys(fetched).forEach(function (name) { provideData(name, true, fetched[name]); });
    fetched = {};
  };
  function provideData(name, ok, text) {
    var bytes = new TextEncoder().encode(text);
    var ptr = Module.ccall('pla_alloc', 'number', ['number'], [bytes.length]);
    if (bytes.length && !ptr) { console.warn(name + ': out of memory'); return; }
    if (bytes.length) Module.HEAPU8.set(bytes, ptr);
    Module.ccall('pla_provide_data', null, ['string', 'number', 'number', 'number'], [name, ok ? 1 : 0, ptr, bytes.length]);
    Module.ccall('pla_free', null, ['number'], [ptr]);
  }
  page.requestData = function (name) {
    api.dataRequests = (api.dataRequests || []).concat([name]);
    if (!/^(lessons|i18n)\/[a-z0-9-]+\.json$/.test(name)) {
      setTimeout(function () { provideData(name, false, t('why_network')); }, 0);
      return;
    }
    page.prefetchData(name).then(function (text) {
      setTimeout(function () { provideData(name, true, text); }, 0);  // never inside the frame that asked
    }, function (e) {
      console.warn(name + ': ' + (e && e.why));
      setTimeout(function () { provideData(name, false, e && e.why || t('why_network')); }, 0);
    });
  };

  // Puts text on the clipboard (a toast says so), else shows it to copy by hand.
  page.copyText = function (text, doneKey) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { page.showToast(t(doneKey)); },
                                               function () { page.showToast(text, true); });
    } else {
      page.showToast(text, true);
    }
  };
})(window.PLA_PAGE);
