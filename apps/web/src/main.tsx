import '@fontsource-variable/inter';
import './index.css';

/*
 * The gate is index.html's own (features/gate/static): it paints with the page and sends the password itself.
 * The app's code is preloaded while the person types and runs once the password is accepted (issue #17).
 */
const gate = window.dwellscapeGate;
if (!gate) throw new Error('index.html has not started the gate (its inline script is missing)');

let booted = false;
function boot() {
  if (booted) return;
  booted = true;
  void import('./app/boot').then((app) => app.boot(gate!));
}

if (gate.phase !== 'locked') boot();
else gate.subscribe((phase) => phase !== 'locked' && boot());
