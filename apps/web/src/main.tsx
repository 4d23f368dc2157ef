import '@fontsource-variable/inter';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { clearDraftKeys } from './lib/storage';
import { initPreferences } from './lib/preferences';
import { createQueryClient } from './lib/query-client';

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
