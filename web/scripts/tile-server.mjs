// A local raster tile server for the browser tests, as the site's tile server cannot be reached
// from here. It answers the XYZ scheme every raster tile server speaks (`GET /{z}/{x}/{y}.png`, a
// 256 × 256 PNG; 404 outside the zoom's grid), drawing each tile a plain shade so the map's grid
// shows, and counts what it served.
//
//   node scripts/tile-server.mjs     TILES_TEST_PORT=18085
//
// For tests: GET /__test/served answers how many tiles it served.

import { createServer } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

const port = Number(process.env.TILES_TEST_PORT ?? 18085);
const SIZE = 256;
let served = 0;

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 256 × 256 grey PNG of `shade`, with a darker edge. */
function tile(shade) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((SIZE + 1) * SIZE);
  for (let y = 0; y < SIZE; y++) {
    rows[y * (SIZE + 1)] = 0; // no filter
    for (let x = 0; x < SIZE; x++) rows[y * (SIZE + 1) + 1 + x] = x === 0 || y === 0 ? shade - 40 : shade;
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const shades = [tile(232), tile(220)];

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthz') return res.end('ok');
  if (url.pathname === '/__test/served') return res.end(String(served));
  const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
  const [z, x, y] = m ? m.slice(1).map(Number) : [];
  if (!m || z > 19 || x >= 2 ** z || y >= 2 ** z) {
    res.writeHead(404).end();
    return;
  }
  served += 1;
  res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600', 'access-control-allow-origin': '*' });
  res.end(shades[(x + y) % 2]);
}).listen(port, '127.0.0.1');
