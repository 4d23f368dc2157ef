/**
 * Full garbage collections in another Node process through its inspector (HeapProfiler.collectGarbage),
 * so its resident memory can be read without the garbage a start-up leaves behind. The target must
 * run with --inspect (NODE_OPTIONS); the DevTools protocol call goes out from a
 * short-lived Node process with Node's own WebSocket client.
 */
import { execFileSync } from 'node:child_process';

const collectScript = `
const socket = new WebSocket(process.argv[1]);
let next = 1;
socket.onopen = () => socket.send(JSON.stringify({ id: next, method: 'HeapProfiler.collectGarbage' }));
socket.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (message.id !== next) return;
  if (message.error) { console.error(message.error.message); process.exit(1); }
  // twice: the first pass can leave objects whose finalisers free more on the second
  if (next++ < 2) socket.send(JSON.stringify({ id: next, method: 'HeapProfiler.collectGarbage' }));
  else { socket.close(); process.exit(0); }
};
socket.onerror = () => { console.error('inspector connection failed'); process.exit(1); };
`;

/** The inspector's WebSocket URL of the process listening with --inspect on `port`. */
async function debuggerUrl(port: number): Promise<string> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl?: string;
  }>;
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  return url;
}

export async function collectGarbage(inspectPort: number): Promise<void> {
  const url = await debuggerUrl(inspectPort);
  execFileSync(process.execPath, ['--no-warnings', '-e', collectScript, url], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 30_000,
  });
}
