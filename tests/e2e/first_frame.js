#!/usr/bin/env node
// The time from navigation to the lab's first frame (perceptronLab.firstFrameMs) in a fresh
// browser context (nothing cached), over a link as fast as localhost and over an emulated
// 10 Mbit/s line with 40 ms of latency, for three first visits: the default page, a link to a
// lesson (?lesson=textbook) and a page in another language (?lang=vi); and, given a second web
// build (--before DIR), the same of that build in the same run, the builds alternating round by
// round. Prints the median of the rounds and every round (a measure, not a test: no timing is
// asserted; it checks only that each page reaches its first frame without console errors).
// Usage: node first_frame.js --www DIR [--before DIR] [--out DIR] [--rounds R]
'use strict';
const path = require('path');
const { opt, check, assert, serve, main } = require('./lib');

const BEFORE = opt('before', null) ? path.resolve(opt('before')) : null;
const ROUNDS = Number(opt('rounds', '5'));
const VISITS = [['default page', ''], ['lesson link', '?lesson=textbook'], ['Vietnamese', '?lang=vi']];
const LINES = [['localhost', null], ['10 Mbit/s, 40 ms', { offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 5e6 / 8 }]];

// A fresh context (the line emulated from its first request, when given): the first frame's time.
async function visit(browser, url, line) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  if (line) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', line);
  }
  await page.goto(url, { waitUntil: 'load', timeout: 120000 });
  await page.waitForFunction(() => window.perceptronLab && window.perceptronLab.ready && window.perceptronLab.firstFrameMs > 0,
    null, { timeout: 120000 });
  const ms = await page.evaluate(() => window.perceptronLab.firstFrameMs);
  await context.close();
  return { ms, errors };
}

const median = (v) => { const s = v.slice().sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

main(async ({ browser, server }) => {
  const before = BEFORE ? await serve(BEFORE) : null;
  const builds = [['this build', server.url]];
  if (before) builds.push(['before', before.url]);
  const runs = {};
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const [lineName, line] of LINES)
        for (const [visitName, query] of VISITS)
          for (const [name, url] of round % 2 ? builds.slice().reverse() : builds) {
            const r = await visit(browser, url + query, line);
            const key = `${lineName}|${visitName}|${name}`;
            (runs[key] = runs[key] || []).push(r.ms);
            if (round === 0)
              await check(`${name}, ${visitName}, ${lineName}: a first frame without console errors (${Math.round(r.ms)} ms)`, async () => {
                assert(r.ms > 0, 'no first frame');
                assert(r.errors.length === 0, r.errors.join(' | '));
              });
          }
  } finally {
    if (before) before.proc.kill();
  }
  console.log(`\nms from navigation to the first frame, fresh context (median of ${ROUNDS}; every round in brackets)`);
  console.log(`machine load (1, 5, 15 min): ${require('os').loadavg().map((v) => v.toFixed(2)).join(', ')}`);
  for (const [lineName] of LINES)
    for (const [visitName] of VISITS) {
      const row = (name) => { const v = runs[`${lineName}|${visitName}|${name}`]; return `${Math.round(median(v))} [${v.map(Math.round).join(', ')}]`; };
      console.log(`  ${lineName}, ${visitName}: this build ${row('this build')}` + (before ? `; before ${row('before')}` : ''));
    }
});
