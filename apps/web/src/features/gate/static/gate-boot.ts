import { applyPreferencesToBody, readStoredBodyPreferences } from '../../../lib/preferences-body';
import { captureInstallPrompt } from '../../../lib/install-prompt';
import { clearDraftKeys } from '../../../lib/storage-keys';
import { afterEarlyRead, earlyReadsFor } from './early-reads';
import { startGate } from './gate-controller';

// index.html's inline script (build/static-gate.ts), run as soon as the gate's markup is parsed.
// docs/product.md §4: every load of the app shell starts without the previous create-flow drafts, before the gate is passed.
clearDraftKeys();
// and with the saved preferences applied (dark, landscape), before its first paint
applyPreferencesToBody(readStoredBodyPreferences());
// Android Chromium may offer the install before the app's code has arrived (decision 0049)
captureInstallPrompt();
window.dwellscapeGate = startGate(
  document.body,
  undefined,
  () => earlyReadsFor(window.location.pathname),
  afterEarlyRead,
);
