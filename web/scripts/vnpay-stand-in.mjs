// A local stand-in of VNPay's refund call for the browser tests, as VNPay cannot be reached from
// here. It holds to VNPay's published contract for `vnp_Command=refund` (version 2.1.0): a JSON
// POST to /merchant_webapi/api/transaction whose vnp_SecureHash is HMAC-SHA512 over the request's
// fields joined by `|` in the published order; answers `97` when that fails, `02` for another
// merchant's code, `03` for a malformed request, `91` for a payment it does not know, `94` for a
// payment whose refund was asked before, `00` when taken; every answer signed the same way over
// its own fields. (The Rust tests use adapters::stand_ins, its twin.)
//
//   node scripts/vnpay-stand-in.mjs
//     VNPAY_TEST_PORT=18084  VNPAY_TEST_TMN=E2ETMN01  VNPAY_TEST_SECRET=e2e-vnpay-secret
//
// For tests: POST /__test/paid {"txn": "PY…"} says VNPay settled that payment (its vnp_TxnRef);
// GET /__test/asked lists the refunds taken: [{requestId, type, amount, txn}].

import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';

const port = Number(process.env.VNPAY_TEST_PORT ?? 18084);
const tmn = process.env.VNPAY_TEST_TMN ?? 'E2ETMN01';
const secret = process.env.VNPAY_TEST_SECRET ?? 'e2e-vnpay-secret';

const REQUEST = ['vnp_RequestId', 'vnp_Version', 'vnp_Command', 'vnp_TmnCode', 'vnp_TransactionType', 'vnp_TxnRef', 'vnp_Amount', 'vnp_TransactionNo', 'vnp_TransactionDate', 'vnp_CreateBy', 'vnp_CreateDate', 'vnp_IpAddr', 'vnp_OrderInfo'];
const ANSWER = ['vnp_ResponseId', 'vnp_Command', 'vnp_ResponseCode', 'vnp_Message', 'vnp_TmnCode', 'vnp_TxnRef', 'vnp_Amount', 'vnp_BankCode', 'vnp_PayDate', 'vnp_TransactionNo', 'vnp_TransactionType', 'vnp_TransactionStatus', 'vnp_OrderInfo'];

const paid = new Set();
const refunded = new Set();
const asked = [];

const sign = (body, fields) => createHmac('sha512', secret).update(fields.map((k) => String(body[k] ?? '')).join('|')).digest('hex');

function refund(body) {
  if (sign(body, REQUEST) !== body.vnp_SecureHash) return '97';
  if (body.vnp_TmnCode !== tmn) return '02';
  if (body.vnp_Command !== 'refund' || !body.vnp_Amount) return '03';
  if (!paid.has(body.vnp_TxnRef)) return '91';
  if (refunded.has(body.vnp_TxnRef)) return '94';
  refunded.add(body.vnp_TxnRef);
  asked.push({ requestId: body.vnp_RequestId, type: body.vnp_TransactionType, amount: body.vnp_Amount, txn: body.vnp_TxnRef });
  return '00';
}

function read(request) {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}'));
      } catch {
        resolve({});
      }
    });
  });
}

createServer(async (request, response) => {
  const send = (status, value) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(value));
  };
  if (request.method === 'GET' && request.url === '/healthz') return send(200, { ok: true });
  if (request.method === 'GET' && request.url === '/__test/asked') return send(200, asked);
  const body = await read(request);
  if (request.method === 'POST' && request.url === '/__test/paid') {
    paid.add(body.txn);
    return send(200, { ok: true });
  }
  if (request.method !== 'POST' || request.url !== '/merchant_webapi/api/transaction') return send(404, {});
  const answer = {
    vnp_ResponseId: `R${asked.length + 1}`,
    vnp_Command: 'refund',
    vnp_ResponseCode: refund(body),
    vnp_Message: 'ok',
    vnp_TmnCode: tmn,
    vnp_TxnRef: body.vnp_TxnRef ?? '',
    vnp_Amount: body.vnp_Amount ?? '',
    vnp_BankCode: 'NCB',
    vnp_PayDate: body.vnp_TransactionDate ?? '',
    vnp_TransactionNo: body.vnp_TransactionNo ?? '',
    vnp_TransactionType: body.vnp_TransactionType ?? '',
    vnp_TransactionStatus: '05',
    vnp_OrderInfo: body.vnp_OrderInfo ?? '',
  };
  send(200, { ...answer, vnp_SecureHash: sign(answer, ANSWER) });
}).listen(port, '127.0.0.1');
