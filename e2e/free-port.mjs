// Prints a TCP port that is free on 127.0.0.1 right now. Run synchronously by playwright.config.ts.
import net from 'node:net';

const server = net.createServer();
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  server.close(() => {
    process.stdout.write(String(typeof address === 'object' && address ? address.port : ''));
  });
});
