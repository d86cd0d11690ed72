// The page around the lab (web/index.html; the scripts' list: page/texts.js), its last script:
// the postMessage bridge for a host page, the errors that stop the page, and the loading of
// the engine (the single-file page replaces what stands between the PLA-LOAD-ENGINE markers:
// src/platform/single_file.cmake).
(function (page) {
  'use strict';
  if (page.stopped) return;
  var t = page.t, api = page.api;

  // The postMessage bridge: {type: 'perceptronLab', id, command: [name, ...args]},
  // {type: 'perceptronLab', id, state: true} or {type: 'perceptronLab', id, idle: true} (the
  // state once no long work runs); the answer is {type: 'perceptronLab:reply', id, result}
  // (a command's result as api.command's: running: true while its work goes on; the host
  // then gets the event run_ended). Messages of any other shape are ignored; those that come
  // before the app is ready wait for it (page.flushMessages, at ready).
  var pending = [];
  function handleMessage(e) {
    var m = e.data;
    if (!m || typeof m !== 'object' || m.type !== 'perceptronLab') return;
    var okId = m.id === undefined || typeof m.id === 'string' || typeof m.id === 'number';
    var okCommand = Array.isArray(m.command) && m.command.length > 0 && m.command.length <= 64 &&
      m.command.every(function (x) { return typeof x === 'string' || typeof x === 'number'; });
    if (!okId || !(okCommand || m.state === true || m.idle === true)) return;
    if (!api.ready) { pending.push(e); return; }
    var target = e.source || window.parent;
    function reply(result) {
      if (target && target.postMessage) {
        target.postMessage({ type: 'perceptronLab:reply', id: m.id, result: result },
                           e.origin && e.origin !== 'null' ? e.origin : '*');
      }
    }
    if (okCommand) {
      var result = api.command.apply(null, m.command);
      if (result && typeof result.then === 'function') result.then(reply); else reply(result);
    }
    else if (m.state === true) reply(api.state());
    else api.idle().then(reply);
  }
  window.addEventListener('message', handleMessage);
  page.flushMessages = function () {
    pending.forEach(handleMessage);
    pending = [];
  };

  window.addEventListener('error', function (e) {
    if (!api.ready) page.showError(t('failed', { reason: e.message || 'a script failed to load' }));
    // A trap in the engine (RuntimeError) stops its frame loop: say so instead of freezing.
    else if (e.error && typeof WebAssembly === 'object' && e.error instanceof WebAssembly.RuntimeError) {
      api.aborted = String(e.error.message || e.error);
      page.showError(t('engine_stopped', { reason: String(e.error.message || e.error).slice(0, 200) }));
    }
  });

  // The engine. The .wasm is fetched (progress shown in bytes); where the page may not fetch
  // it (origin "null": a sandboxed iframe without allow-same-origin, or a page opened from
  // disk; or the fetch fails: a host without CORS, a proxy that blocks .wasm) it comes through
  // a <script> tag instead: NAME.wasm.js carries the same bytes (base64). Browsers without
  // WebAssembly SIMD get the build without it (same numbers, slower).
  function loadEngine() {
    if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
      page.showError(t('no_wasm'));
      api.error = 'WebAssembly is not available';
      return;
    }
    var simd = window.PLA_NO_SIMD !== true && page.simdSupported();
    var name = simd ? 'perceptron-lab' : 'perceptron-lab-nosimd';
    api.variant = simd ? 'simd' : 'nosimd';
    Module.instantiateWasm = function (imports, done) {
      page.loadBytes(name + '.wasm', true).then(function (bytes) {
        return WebAssembly.instantiate(bytes, imports).then(function (r) {
          api.wasmBytes = bytes.byteLength;
          var exports = r.instance.exports, memory = null;
          for (var k in exports) if (exports[k] instanceof WebAssembly.Memory) memory = exports[k];
          // The engine's memory (it grows with the data): {wasm: bytes}.
          api.memory = function () { return { wasm: memory ? memory.buffer.byteLength : 0 }; };
          done(r.instance, r.module);
        }, function (e) {
          page.showError(t('wasm_feature', { reason: String(e && e.message || e).slice(0, 200) }));
        });
      }, function (e) { page.showError(t('load_failed_why', { file: name + '.wasm', reason: e.why })); });
      return {};
    };
    page.loadScript(name + '.js').catch(function (e) {
      page.showError(t('load_failed_why', { file: name + '.js', reason: e.why }));
    });
  }
  // What the engine will ask for at once (files.js, page.prefetchData), fetched while it
  // loads: the catalog of the page's language, and the built-in lesson of the link or of
  // the saved work.
  function prefetchData() {
    var lang = page.lang();
    if (page.fetchedLang(lang)) page.prefetchData('i18n/' + lang + '.json');
    [page.lessonQuery, page.savedWork() || ''].forEach(function (q) {
      var id = page.param(q, 'lesson');
      if (id && /^[a-z0-9][a-z0-9-]{0,63}$/.test(id)) page.prefetchData('lessons/' + id + '.json');
    });
  }
  /*PLA-LOAD-ENGINE-BEGIN*/
  prefetchData();
  loadEngine();
  /*PLA-LOAD-ENGINE-END*/
})(window.PLA_PAGE);
