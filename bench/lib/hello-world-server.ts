/**
 * The ceiling: Fastify (the server's own copy and version) answering a constant JSON body, with
 * the same logger setting as the server (`{ level: LOG_LEVEL }`). Listens on HOST:PORT.
 * `/sized/:bytes` answers a constant JSON body of that many bytes (made once per size, kept as UTF-8 bytes, as the
 * server keeps a cached feed page): what sending a feed page's worth of JSON costs with no other work. A string body
 * would cost more (Node encodes it on every write): 26,500 against 34,800 req/s for 47 kB, on 2026-11-26.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
app.get('/', async () => ({ hello: 'world' }));

const sizedBodies = new Map<number, Buffer>();
function sizedBody(bytes: number): Buffer {
  let body = sizedBodies.get(bytes);
  if (body === undefined) {
    const filler = 'x'.repeat(Math.max(0, bytes - '{"items":[""]}'.length));
    body = Buffer.from(JSON.stringify({ items: [filler] }));
    sizedBodies.set(bytes, body);
  }
  return body;
}
app.get<{ Params: { bytes: string } }>('/sized/:bytes', async (request, reply) => {
  const bytes = Math.min(Number(request.params.bytes) || 0, 1_000_000);
  return reply.type('application/json; charset=utf-8').send(sizedBody(bytes));
});

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
