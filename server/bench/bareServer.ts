// The limit a JSON call is measured against: a bare Fastify 5 server that answers
// each address with bytes it holds in memory (no database, no hooks, no plugins).
// Reads `{ "<path>": { "type": "...", "body": "<base64>" } }` from the file named by
// its first argument (with `encoding`, the bytes are sent compressed) and listens on PORT.
import fs from 'node:fs';
import Fastify from 'fastify';

const replies = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Record<string, { type: string; encoding?: string; body: string }>;
const app = Fastify({ logger: false });
for (const [address, reply] of Object.entries(replies)) {
  const bytes = Buffer.from(reply.body, 'base64');
  app.get(address.split('?')[0], async (_request, response) => {
    if (reply.encoding) response.header('content-encoding', reply.encoding);
    return response.type(reply.type).send(bytes);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
