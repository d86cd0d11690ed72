#!/usr/bin/env node
// Browser end-to-end tests of the web build (e2e.browser): serves the built folder on loopback,
// drives Debian's Chromium with playwright-core, and checks the page through
// window.perceptronLab. Usage: node run.js --www DIR --out DIR [--only REGEX (runs the checks whose name matches)]
// The checks are tables of rows in browser/: api.js, embedding.js, languages.js, hardening.js,
// run in that order.
'use strict';
const { check, openApp, reusableApp, main } = require('./lib');

const FILES = ['api', 'embedding', 'languages', 'hardening'];

main(async ({ browser, server }) => {
  // The first page stays open for the checks that need the lab on a link but no new browser
  // profile (visit: lib.js reusableApp); a check that adds routes or listeners removes them.
  const app = await reusableApp(browser, server.url);
  const { page, visit } = app;
  console.log(`page ready in ${app.loadMs} ms`);
  // The course page of embed-example.html (its two lessons ready), opened once for the
  // checks of the host page (the bridge, the lesson's events, the language picker), which
  // run one after the other; closed after the last.
  let hostApp = null;
  const openHost = async () => {
    if (!hostApp) {
      hostApp = await openApp(browser, server.url + 'embed-example.html', { expectReady: false });
      for (const f of [hostApp.page.frame({ url: /preset=textbook/ }), hostApp.page.frame({ url: /gen=circles/ })])
        await f.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready, null, { timeout: 60000 });
    }
    return hostApp;
  };
  const closeHost = async () => { if (hostApp) await hostApp.context.close(); hostApp = null; };

  const ctx = { browser, server, app, page, visit, openHost, closeHost };
  for (const file of FILES)
    for (const [name, fn] of require(`./browser/${file}`)) await check(name, () => fn(ctx));
  await closeHost();
  await app.context.close();
});
