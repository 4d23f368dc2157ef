import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { canHover, loadTooltips } from '@/components/ui/tooltip';
import type { GateController } from '@/features/gate/static/gate-controller';
import { initPreferences } from '@/lib/preferences';
import { createQueryClient } from '@/lib/query-client';
import { App } from './app';

/** Renders the app under the gate, once its password has been accepted (main.tsx). */
export async function boot(gate: GateController): Promise<void> {
  // before the first render, so the tooltips are there from the start or never (components/ui/tooltip)
  if (canHover()) await loadTooltips();
  // docs/product.md §4: the saved preferences apply before the transition settles into the app's background
  initPreferences();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={createQueryClient()} gate={gate} />
    </StrictMode>,
  );
}
