import { Toaster as SonnerToaster } from 'sonner';
import { usePreferences } from '@/lib/preferences';
import { announceToasts } from '@/lib/toast-demand';

export { toast } from 'sonner';

// whatever imports `toast` can toast: the layout mounts the Toaster from now on
announceToasts();

export function Toaster() {
  const { isDarkMode } = usePreferences();
  return <SonnerToaster richColors position="top-center" theme={isDarkMode ? 'dark' : 'light'} offset={72} />;
}
