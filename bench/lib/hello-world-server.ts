/**
 * The ceiling: Fastify (the server's own copy and version) answering a constant JSON body, with
 * the same logger setting as the server (`{ level: LOG_LEVEL }`). Listens on HOST:PORT.
 * `/sized/:bytes` answers a constant JSON body of that many bytes (made once per size): what
 * sending a feed page's worth of JSON costs with no other work.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
app.get('/', async () => ({ hello: 'world' }));

const sizedBodies = new Map<number, string>();
function sizedBody(bytes: number): string {
  let body = sizedBodies.get(bytes);
  if (body === undefined) {
    const filler = 'x'.repeat(Math.max(0, bytes - '{"items":[""]}'.length));
    body = JSON.stringify({ items: [filler] });
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
