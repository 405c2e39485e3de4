import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import type { Code } from '@connectrpc/connect';

// gRPC-Web bodies as our server sends them: length-prefixed data and trailer frames.
function frame(flag: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + payload.length);
  out[0] = flag;
  new DataView(out.buffer).setUint32(1, payload.length);
  out.set(payload, 5);
  return out;
}

/** A successful gRPC-Web answer carrying one message. */
export function grpcWebOk<D extends DescMessage>(schema: D, init: MessageInitShape<D>): Response {
  const data = frame(0, toBinary(schema, create(schema, init)));
  const trailer = frame(0x80, new TextEncoder().encode('grpc-status: 0\r\n'));
  const body = new Uint8Array(data.length + trailer.length);
  body.set(data);
  body.set(trailer, data.length);
  return new Response(body, { status: 200, headers: { 'content-type': 'application/grpc-web+proto' } });
}

/** A gRPC-Web error answer: the status in the headers, no body (a trailers-only response). */
export function grpcWebError(code: Code, message = 'x'): Response {
  return new Response(null, {
    status: 200,
    headers: { 'content-type': 'application/grpc-web+proto', 'grpc-status': String(code), 'grpc-message': message },
  });
}
