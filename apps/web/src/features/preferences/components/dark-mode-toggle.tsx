import { Moon, Sun } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { toggleDarkMode, usePreferences } from '@/lib/preferences';

export function DarkModeToggle() {
  const { isDarkMode } = usePreferences();
  return (
    <Tooltip content={isDarkMode ? 'Switch to light mode' : 'Switch to dark mode'}>
      <button
        type="button"
        aria-label="Dark mode"
        aria-pressed={isDarkMode}
        onClick={toggleDarkMode}
        className="grid size-11 cursor-pointer place-items-center rounded-full text-foreground transition-colors hover:bg-muted"
      >
        {isDarkMode ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
      </button>
    </Tooltip>
  );
}
