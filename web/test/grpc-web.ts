import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { BinaryWriter } from '@bufbuild/protobuf/wire';
import { ConnectError, type Code } from '@connectrpc/connect';
import { BadRequestSchema, ErrorInfoSchema, LocalizedMessageSchema } from '@/gen/google/rpc/error_details_pb';

type OutgoingDetail = ConstructorParameters<typeof ConnectError>[3] extends (infer D)[] | undefined ? D : never;

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

/** What the server attaches to a refusal (Google's error model): a reason, the field, the words. */
export interface RefusalDetails {
  reason?: string;
  field?: string;
  words?: string;
}

function detailsOf(d: RefusalDetails): OutgoingDetail[] {
  const out: OutgoingDetail[] = [];
  if (d.reason !== undefined) out.push({ desc: ErrorInfoSchema, value: { reason: d.reason, domain: 'booking.v1' } });
  if (d.field !== undefined) out.push({ desc: BadRequestSchema, value: { fieldViolations: [{ field: d.field, description: d.words ?? '' }] } });
  if (d.words !== undefined) out.push({ desc: LocalizedMessageSchema, value: { locale: 'zh-TW', message: d.words } });
  return out;
}

/** A refusal as a client receives it from our server: the code, the words and the details. */
export function refusedWith(code: Code, d: RefusalDetails): ConnectError {
  return new ConnectError(d.words ?? d.reason ?? '', code, undefined, detailsOf(d));
}

/**
 * A gRPC-Web refusal with its details in `grpc-status-details-bin` (a `google.rpc.Status` of
 * `Any`s, base64), as tonic sends them: field 1 the code, 2 the message, 3 each detail.
 */
export function grpcWebRefusal(code: Code, d: RefusalDetails): Response {
  const status = new BinaryWriter().uint32(8).int32(code);
  for (const detail of detailsOf(d)) {
    const any = new BinaryWriter()
      .uint32(10)
      .string(`type.googleapis.com/${detail.desc.typeName}`)
      .uint32(18)
      .bytes(toBinary(detail.desc, create(detail.desc, detail.value)))
      .finish();
    status.uint32(26).bytes(any);
  }
  const bin = btoa(String.fromCharCode(...status.finish())).replace(/=+$/, '');
  const message = d.words ?? d.reason ?? '';
  return new Response(null, {
    status: 200,
    headers: {
      'content-type': 'application/grpc-web+proto',
      'grpc-status': String(code),
      'grpc-message': encodeURIComponent(message),
      'grpc-status-details-bin': bin,
    },
  });
}
