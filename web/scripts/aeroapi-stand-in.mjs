// FlightAware's AeroAPI for the browser tests, as far as the server's flight following uses it
// (the real one cannot be reached from here). It holds to the call's published contract:
// `GET /flights/{ident}?ident_type=designator&start=…&end=…` with the account's key in
// `x-apikey` (401 without it; 400 for times not in ISO 8601 or an ident that is not letters and
// digits), answering `{ flights: [...], links, num_pages }` with AeroAPI's fields.
//
// Flights a test put on its board are answered as they stand. Any other designator is a flight on
// time to each airport of the demo catalogue whose scheduled landing is the middle of the window
// asked (the server asks around the booked landing): every spec that books a pick-up meets a
// flight that exists and moves nothing.
//
//   node scripts/aeroapi-stand-in.mjs     AEROAPI_TEST_PORT=18087 AEROAPI_TEST_KEY=…
//
// For tests: POST /__test/board puts a flight on the board (JSON: ident, destination,
// scheduled_in, and estimated_in, actual_in, cancelled, diverted as wanted), in place of the same
// flight; GET /__test/calls?ident=VJ321 answers how many times it was asked about.

import { createServer } from 'node:http';

const port = Number(process.env.AEROAPI_TEST_PORT ?? 18087);
const key = process.env.AEROAPI_TEST_KEY ?? 'e2e-aeroapi-key';
/** @type {Map<string, object>} flights by `ident@scheduled_in` */
const board = new Map();
/** @type {Map<string, number>} */
const calls = new Map();
/** Where a flight not on the board lands: one at each of the demo catalogue's airports, so that
 * the server finds the one at its pick-up's. */
const AIRPORTS = ['SGN', 'HAN', 'DAD', 'CXR'];

const iso = (t) => (t ? new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z') : null);

/** A flight in AeroAPI's fields. */
function described(f) {
  return {
    ident: f.ident,
    ident_iata: f.ident,
    fa_flight_id: `${f.ident}-${Date.parse(f.scheduled_in) / 1000}-airline-0001`,
    operator_iata: f.ident.slice(0, 2),
    cancelled: Boolean(f.cancelled),
    diverted: Boolean(f.diverted),
    destination: { code_iata: f.destination },
    scheduled_in: iso(f.scheduled_in),
    estimated_in: iso(f.estimated_in),
    actual_in: iso(f.actual_in),
    scheduled_on: iso(f.scheduled_in),
    estimated_on: iso(f.estimated_in),
    actual_on: iso(f.actual_in),
    actual_off: null,
    status: f.cancelled ? 'Cancelled' : f.actual_in ? 'Arrived' : 'Scheduled',
  };
}

function answer(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const refused = (res, status, title, detail) => answer(res, status, { title, reason: 'INVALID_ARGUMENT', detail, status });

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthz') return res.end('ok');
  if (url.pathname === '/__test/calls') return res.end(String(calls.get(url.searchParams.get('ident') ?? '') ?? 0));
  if (url.pathname === '/__test/board' && req.method === 'POST') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const flight = JSON.parse(Buffer.concat(chunks).toString());
      board.set(`${flight.ident}@${iso(flight.scheduled_in)}`, flight);
      res.writeHead(204).end();
    });
    return;
  }
  const m = /^\/flights\/([^/]+)$/.exec(url.pathname);
  if (!m || req.method !== 'GET') return answer(res, 404, { title: 'Not found', status: 404 });
  if (req.headers['x-apikey'] !== key) return refused(res, 401, 'Unauthorized', 'a valid x-apikey is required');
  const ident = decodeURIComponent(m[1]).toUpperCase();
  calls.set(ident, (calls.get(ident) ?? 0) + 1);
  const [start, end] = ['start', 'end'].map((name) => Date.parse(url.searchParams.get(name) ?? ''));
  if (Number.isNaN(start) || Number.isNaN(end)) return refused(res, 400, 'Invalid argument', 'start and end must be ISO 8601');
  const type = url.searchParams.get('ident_type');
  if (!/^[A-Z0-9]+$/.test(ident) || (type && type !== 'designator')) return refused(res, 400, 'Invalid argument', 'not a flight designator');
  const boarded = [...board.values()].filter((f) => f.ident.toUpperCase() === ident);
  const flights = boarded.length
    ? boarded.filter((f) => Date.parse(f.scheduled_in) >= start && Date.parse(f.scheduled_in) <= end)
    : AIRPORTS.map((destination) => ({ ident, destination, scheduled_in: new Date((start + end) / 2).toISOString() }));
  answer(res, 200, { flights: flights.map(described), links: null, num_pages: 1 });
}).listen(port, '127.0.0.1');
