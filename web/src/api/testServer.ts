import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServerReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * For the client's tests: a local HTTP server, made the page's origin (the client resolves
 * relative paths against it), answering each request as `answer` decides. Resolves with its close.
 */
export async function serveAsPageOrigin(answer: (method: string, path: string, body: string) => ServerReply): Promise<() => void> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const reply = answer(request.method ?? 'GET', request.url ?? '', body);
      response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      response.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (globalThis as { window?: unknown }).window = { location: { origin: `http://127.0.0.1:${port}` } };
  return () => server.close();
}
