import { Toaster as SonnerToaster } from 'sonner';
import { usePreferences } from '@/lib/preferences';

export { toast } from 'sonner';

export function Toaster() {
  const { isDarkMode } = usePreferences();
  return <SonnerToaster richColors position="top-center" theme={isDarkMode ? 'dark' : 'light'} offset={72} />;
}
