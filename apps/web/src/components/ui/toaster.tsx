import { Toaster as SonnerToaster, type ToasterProps } from 'sonner';
import { usePreferences } from '@/lib/preferences';
import { announceToasts } from '@/lib/toast-demand';

export { toast } from 'sonner';

// whatever imports `toast` can toast: the layout mounts the Toaster from now on
announceToasts();

/**
 * Toasts open below the fixed header (56 px and the notch's inset, app-header.tsx), so its design-mode switch and
 * dark-mode button stay usable while one shows. Sonner places toasts on screens up to 600 px wide by `mobileOffset`
 * (16 px from the top by default), not `offset`: both are set, the sides keep Sonner's defaults.
 */
const belowHeader: ToasterProps['offset'] = { top: 'calc(72px + env(safe-area-inset-top))' };
/** The app's typeface (index.css): Sonner's stylesheet sets the system font on the toaster, inline style wins over it. */
const style = { fontFamily: 'var(--font-sans)' };

export function Toaster() {
  const { isDarkMode } = usePreferences();
  return (
    <SonnerToaster
      richColors
      position="top-center"
      theme={isDarkMode ? 'dark' : 'light'}
      offset={belowHeader}
      mobileOffset={belowHeader}
      style={style}
    />
  );
}
