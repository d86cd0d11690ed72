// The learning platforms' stand-ins for the browser tests of the packages: npm scorm-again (the
// LMS side of SCORM 1.2 and 2004, as scorm.test.js runs it) on an LMS page with the SCO in a
// frame, and npm h5p-standalone (H5P's own player, as h5p.test.js runs it), both served from a
// folder of the test's, with the unzipped packages beside them.
//   scorm: writeLms(dir), startLms(page, std, json, src), waitSco(page), sco(page, fn, ...args),
//          received(page)
//   h5p:   writePlayer(dir), playH5p(browser, url, content)
'use strict';
const fs = require('fs');
const path = require('path');
const { assert } = require('./lib');

const SA = path.join(__dirname, 'node_modules/scorm-again/dist');
const H5P_PLAYER = path.dirname(require.resolve('h5p-standalone/package.json'));

// ---- SCORM: the run-time on the page (window.API or API_1484_11), the SCO in a frame; every
// value set, each commit and the finish logged.
function writeLms(dir) {
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(SA, 'scorm12.js'), path.join(dir, 'scorm12.js'));
  fs.copyFileSync(path.join(SA, 'scorm2004.js'), path.join(dir, 'scorm2004.js'));
  fs.writeFileSync(path.join(dir, 'lms.html'), `<!doctype html><html><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,">
<script src="scorm12.js"></script><script src="scorm2004.js"></script></head>
<body><iframe id="sco" style="width:1100px;height:720px;border:0"></iframe>
<script>
window.startLms = function (std, json, src) {
  window.log = []; window.counts = { init: 0, commit: 0, finish: 0 };
  var v12 = std === 'scorm12', api, opts = { autocommit: false, logLevel: 5 };
  if (v12) {
    opts.mastery_override = true;  // Moodle's default: "Mastery score overrides status"
    api = new Scorm12API(opts); window.API = api;
    api.on('LMSInitialize', function () { counts.init++; });
    api.on('LMSSetValue.cmi.*', function (el, v) { log.push([el, String(v)]); });
    api.on('LMSCommit', function () { counts.commit++; });
    api.on('LMSFinish', function () { counts.finish++; });
  } else {
    api = new Scorm2004API(opts); window.API_1484_11 = api;
    api.on('Initialize', function () { counts.init++; });
    api.on('SetValue.cmi.*', function (el, v) { log.push([el, String(v)]); });
    api.on('Commit', function () { counts.commit++; });
    api.on('Terminate', function () { counts.finish++; });
  }
  if (json) api.loadFromJSON(json, '');
  window.lmsApi = api;
  document.getElementById('sco').src = src;
};
</script></body></html>`);
}
const startLms = (page, std, json, src) => page.evaluate(([s, j, u]) => window.startLms(s, j, u), [std, json, src]);
// Runs fn(lab, ...args) in the SCO's window (a Promise's value is awaited).
const sco = (page, fn, ...a) => page.evaluate(([f, args]) => {
  const w = document.getElementById('sco').contentWindow;
  return new w.Function('lab', 'args', 'return (' + f + ')(lab, ...args)')(w.perceptronLab, args);
}, [fn.toString(), a]);
async function waitSco(page) {
  await page.waitForFunction(() => {
    const w = document.getElementById('sco').contentWindow;
    return w && w.perceptronLab && w.perceptronLab.ready && w.document.getElementById('status').hidden;
  }, null, { timeout: 60000 });
}
// The last value the run-time received for each element, and the interactions in order.
async function received(page) {
  const log = await page.evaluate(() => window.log);
  const last = {}, inter = [];
  for (const [el, v] of log) {
    last[el] = v;
    const m = /^cmi\.interactions\.(\d+)\.(.+)$/.exec(el);
    if (m) (inter[+m[1]] = inter[+m[1]] || {})[m[2]] = v;
  }
  return { log, last, inter };
}

// ---- H5P: h5p-standalone's player on index.html?content=FOLDER (an unzipped .h5p beside it);
// xAPI statements collected in window.statements.
const PLAYER_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>H5P player</title>
<link rel="stylesheet" href="player/styles/h5p.css"></head><body>
<div id="h5p" style="width:960px"></div>
<script src="player/main.bundle.js"></script>
<script>
  window.statements = [];
  var q = new URLSearchParams(location.search);
  window.playerReady = new H5PStandalone.H5P(document.getElementById('h5p'),
    { h5pJsonPath: q.get('content'), frameJs: 'player/frame.bundle.js', frameCss: 'player/styles/h5p.css' }).then(function () {
    H5P.externalDispatcher.on('xAPI', function (e) { window.statements.push(JSON.parse(JSON.stringify(e.data.statement))); });
    window.playerLoaded = true;
  }, function (e) { window.playerError = String(e); });
</script></body></html>`;
function writePlayer(dir) {
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(path.join(H5P_PLAYER, 'dist'), path.join(dir, 'player'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), PLAYER_PAGE);
}
// Opens the player on a content folder: {context, page, h5p (H5P's frame), lab (the lab's frame), errors}.
async function playH5p(browser, url, content) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' && !/^Failed to load resource/.test(m.text())) errors.push(m.text()); });
  await page.goto(url + 'index.html?content=' + content);
  await page.waitForFunction(() => window.playerLoaded || window.playerError, null, { timeout: 30000 });
  assert(!(await page.evaluate(() => window.playerError)), 'h5p-standalone: ' + (await page.evaluate(() => window.playerError)));
  let h5p = null, lab = null;
  for (let i = 0; i < 600 && !lab; ++i) {
    for (const f of page.frames()) {
      if (f === page.mainFrame()) continue;
      if (f.url().startsWith('blob:')) lab = f;
      else if (!h5p && await f.evaluate(() => !!(window.H5P && H5P.instances && H5P.instances.length)).catch(() => false)) h5p = f;
    }
    if (!lab) await new Promise((r) => setTimeout(r, 100));
  }
  assert(h5p && lab, `the H5P frame (${!!h5p}) and the lab frame (${!!lab}) inside it`);
  await lab.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
  await h5p.waitForFunction(() => { const i = H5P.instances[0]; return (i.child || i).lab; }, null, { timeout: 10000 });
  return { context, page, h5p, lab, errors };
}

module.exports = { writeLms, startLms, sco, waitSco, received, writePlayer, playH5p };
