import net from 'node:net';
import { freePort } from './ports';
import { TEST_POSTGRES_URL } from './testApp';

/**
 * A port forwarding to the test PostgreSQL while open: closing it ends every connection through it
 * and refuses new ones, as a database server stopping does; opening it again is the server back.
 */
export async function postgresProxy() {
  const target = new URL(TEST_POSTGRES_URL);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const url = new URL(TEST_POSTGRES_URL);
  url.port = String(port);
  return {
    port,
    /** The test server's address through this port. */
    url: url.toString(),
    open: () =>
      new Promise<void>((resolve) => {
        server = net.createServer((client) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          for (const socket of [client, upstream]) {
            sockets.add(socket);
            socket.on('error', () => socket.destroy());
            socket.on('close', () => sockets.delete(socket));
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', resolve);
      }),
    close: () => {
      for (const socket of sockets) socket.destroy();
      const closing = server;
      server = null;
      return new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
    },
  };
}
