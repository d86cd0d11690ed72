#!/usr/bin/env node
// Browser tests of data files: a CSV, LIBSVM or .npy file dropped on the page (a real drop
// event whose DataTransfer holds a File) loads as if imported; the file picker takes .npy
// too; decimal-comma CSV reads; a bad .npy is refused with its message and the data stay.
// Usage: node data.test.js --www DIR --out DIR [--only REGEX]
'use strict';
const path = require('path');
const { OUT, check, assert, openApp, frames, main } = require('./lib');

// A version 1.0 .npy file of float64 rows [x1, x2, label], C order, as numpy.save writes it.
function npyBytes(rows) {
  let dict = `{'descr': '<f8', 'fortran_order': False, 'shape': (${rows.length}, 3), }`;
  while ((10 + dict.length + 1) % 64 !== 0) dict += ' ';
  dict += '\n';
  const head = Buffer.alloc(10);
  Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]).copy(head);
  head.writeUInt16LE(dict.length, 8);
  const data = Buffer.alloc(rows.length * 24);
  rows.forEach((r, i) => r.forEach((v, j) => data.writeDoubleLE(v, (i * 3 + j) * 8)));
  return Buffer.concat([head, Buffer.from(dict, 'latin1'), data]);
}

// Drops a file on the canvas: dragenter/dragover/drop with a DataTransfer holding it.
async function dropFile(page, name, bytes, type) {
  await page.evaluate(({ name, bytes, type }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], name, { type }));
    const target = document.querySelector('canvas');
    for (const kind of ['dragenter', 'dragover', 'drop'])
      target.dispatchEvent(new DragEvent(kind, { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, { name, bytes: Array.from(bytes), type });
}

// (The state that shows the notice comes back with the wait: no second round trip.)
async function waitForNotice(page, text) {
  const handle = await page.waitForFunction((t) => {
    const s = window.perceptronLab.state();
    return s.notice.includes(t) && s;
  }, text, { timeout: 10000 });
  const s = await handle.jsonValue();
  await handle.dispose();
  return s;
}

main(async ({ browser, server }) => {
  const { page, errors, context } = await openApp(browser, server.url + '?preset=six');

  await check('a CSV with decimal commas dropped on the page loads as if imported', async () => {
    const text = 'x1;x2;label\n3,5;2,25;1\n-1,5;0,75;-1\n0,25;-2;-1\n';
    await dropFile(page, 'komma.csv', Buffer.from(text), 'text/csv');
    const s = await waitForNotice(page, 'komma.csv');
    assert(s.points === 3 && s.d === 2 && s.preset === 'import', JSON.stringify(s).slice(0, 300));
    assert(JSON.stringify(s.data).includes('3.5') && JSON.stringify(s.data).includes('-0.75') === false,
      'coordinates: ' + JSON.stringify(s.data).slice(0, 300));
    await frames(page, 4);
    await page.screenshot({ path: path.join(OUT, 'data-drop-csv.png') });
  });

  await check('a .npy file dropped on the page loads: its points, d and labels', async () => {
    const rows = [[0.5, 1, 1], [2, -1.25, -1], [-3, 0, 1], [1.5, 2.5, -1]];
    await dropFile(page, 'points.npy', npyBytes(rows), 'application/octet-stream');
    const s = await waitForNotice(page, 'points.npy');
    assert(s.points === 4 && s.d === 2 && s.preset === 'import', JSON.stringify(s).slice(0, 300));
    const flat = JSON.stringify(s.data);
    for (const v of ['-1.25', '2.5', '-3']) assert(flat.includes(v), `missing ${v} in ${flat.slice(0, 300)}`);
    await frames(page, 4);
    await page.screenshot({ path: path.join(OUT, 'data-drop-npy.png') });
  });

  await check('a LIBSVM file dropped on the page loads', async () => {
    await dropFile(page, 'sparse.libsvm', Buffer.from('+1 1:0.5 2:1\n-1 2:-2\n+1 1:3\n'), 'text/plain');
    const s = await waitForNotice(page, 'sparse.libsvm');
    assert(s.points === 3 && s.d === 2, JSON.stringify(s).slice(0, 300));
  });

  await check('a bad .npy (NaN) is refused naming row and feature; the data stay', async () => {
    const before = await page.evaluate(() => window.perceptronLab.state());
    await dropFile(page, 'nan.npy', npyBytes([[0.5, 1, 1], [NaN, 2, -1]]), 'application/octet-stream');
    const s = await waitForNotice(page, 'import failed');
    assert(s.notice.includes('nan.npy: row 2, feature 1: nan is not a finite number'), s.notice);
    assert(JSON.stringify(s.data) === JSON.stringify(before.data), 'the data changed after a refused drop');
  });

  await check('the file picker accepts .npy and reads it as bytes', async () => {
    const accept = await page.getAttribute('#file-input', 'accept');
    assert(/\.npy/.test(accept), accept);
    await page.setInputFiles('#file-input', { name: 'picked.npy', mimeType: 'application/octet-stream',
      buffer: npyBytes([[1, 1, 1], [-1, -1, 0], [2, 0.5, 1]]) });
    const s = await waitForNotice(page, 'picked.npy');
    assert(s.points === 3 && s.d === 2, JSON.stringify(s).slice(0, 300));
  });

  await check('no page errors during drops', async () => {
    assert(errors.length === 0, errors.join('\n'));
  });
  await context.close();
});
