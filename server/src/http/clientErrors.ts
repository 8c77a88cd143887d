import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@movieclub/contract';
import { failure } from './errors';

export const HEADERS_TOO_LARGE = 'The address or headers are too long.';
export const REQUEST_TOO_SLOW = 'The request took too long to arrive.';
export const NOT_HTTP = 'The request could not be understood.';

/** What a client is told about a request Node could not read as HTTP (before any route runs). */
function answerFor(error: NodeJS.ErrnoException): { status: number; sentence: string; code: ErrorCode } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, sentence: HEADERS_TOO_LARGE, code: 'headers_too_large' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, sentence: REQUEST_TOO_SLOW, code: 'request_timeout' };
  return { status: 400, sentence: NOT_HTTP, code: 'invalid_input' };
}

/**
 * Fastify's `clientErrorHandler`: an address or headers over Node's 16 KB, a request too slow to
 * arrive or bytes that are not HTTP get the reply every refusal has (`{success:false, error, code}`)
 * instead of Fastify's own body, then the connection closes (its framing cannot be trusted).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, sentence, code } = answerFor(error);
    const body = JSON.stringify(failure(sentence, code));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
