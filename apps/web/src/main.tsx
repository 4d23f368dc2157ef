import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/app';
import { clearDraftKeys } from './lib/storage';
import { initPreferences } from './lib/preferences';
import { createQueryClient } from './lib/query-client';

// zod compiles fast parsers with `new Function`, which the CSP (script-src 'self', no 'unsafe-eval')
// forbids: without this it tries once, logs a CSP violation and falls back to the same plain parser
z.config({ jitless: true });

// SPEC §4: every load of the shell starts without old create-flow drafts, with the saved preferences applied
clearDraftKeys();
initPreferences();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
