import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in for Discord or ntfy on a local port: records every request and answers
 * with the next scripted status (204 once the script runs out), optionally holding a
 * request until released.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const script: { status: number; body?: string; hold?: Promise<void> }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (body += chunk));
    request.on('end', async () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const next = script.shift() ?? { status: 204 };
      await next.hold;
      response.writeHead(next.status, { 'Content-Type': 'application/json' }).end(next.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, script, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
