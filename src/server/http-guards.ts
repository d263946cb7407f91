import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CATALOGUE, type ErrorCode } from '../shared/errors.ts';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** The status and code of a request Node's HTTP parser refused before the app saw it. */
export function clientErrorAnswer(err: NodeJS.ErrnoException): { status: number; code: ErrorCode } {
  // llhttp counts the request line with the headers: a URL over maxHeaderSize (16 KB) lands here too.
  if (err.code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'HEADERS_TOO_LARGE' };
  if (err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, code: 'REQUEST_TOO_LARGE' };
  return { status: 400, code: 'BAD_REQUEST' };
}

/**
 * Requests Node's HTTP parser refuses (headers or URL over `maxHeaderSize`, bytes HTTP forbids such
 * as a NUL in a header) never reach Hono; Node would answer a bare 400/431 with no body. This
 * answers them with the error envelope instead. The connection is closed afterwards: the parser
 * cannot resynchronise on a broken request.
 */
export function guardHttpServer(server: Pick<Server, 'on'>): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, code } =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { status: 408, code: 'BAD_REQUEST' as const }
        : clientErrorAnswer(err);
    const body = JSON.stringify({ error: { code, message: ERROR_CATALOGUE[code].message } });
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
