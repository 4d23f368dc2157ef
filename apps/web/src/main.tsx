import '@fontsource-variable/inter';
import './index.css';

/*
 * The gate is index.html's own (features/gate/static): it paints with the page and sends the password itself.
 * The app's code is preloaded while the person types and runs once the password is accepted (bench/README.md).
 */
const gate = window.dwellscapeGate;
if (!gate) throw new Error('index.html has not started the gate (its inline script is missing)');

import { nextTask } from './lib/next-task';
import { registerServiceWorker } from './lib/service-worker';

let booted = false;
/**
 * The app's code runs one file per task (the UI and data libraries, the API's schemas, then the app itself), so no
 * one task evaluates it all while the transition plays.
 */
async function boot() {
  if (booted) return;
  booted = true;
  await import('react');
  await nextTask();
  await import('./app/start/schemas');
  await nextTask();
  const app = await import('./app/boot');
  await app.boot(gate!);
  registerServiceWorker();
}

if (gate.phase !== 'locked') void boot();
else gate.subscribe((phase) => phase !== 'locked' && void boot());
