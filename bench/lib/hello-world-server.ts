/**
 * The ceiling: Fastify (the server's own copy and version) answering a constant JSON body, with
 * the same logger setting as the server (`{ level: LOG_LEVEL }`). Listens on HOST:PORT.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
app.get('/', async () => ({ hello: 'world' }));

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
