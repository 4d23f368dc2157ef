import { messages } from '@dwellscape/shared';
import { Moon, Trees } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { updatePreferences, usePreferences } from '@/lib/preferences';

interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The own profile's 'Settings': the same two preferences as the header, with words next to them. */
export function SettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const { isDarkMode, isLandscapeMode } = usePreferences();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={messages.profile.settings} description="Saved on this device.">
        <div className="divide-y divide-border/70 rounded-2xl border border-border/70 bg-surface">
          <SettingRow
            icon={<Moon className="size-5" aria-hidden />}
            label="Dark mode"
            description="Dark colours that are easier on the eyes at night."
            checked={isDarkMode}
            onCheckedChange={(checked) => updatePreferences({ isDarkMode: checked })}
          />
          <SettingRow
            icon={<Trees className="size-5" aria-hidden />}
            label="Landscape mode"
            description="Show outdoor designs and garden products instead of interiors."
            checked={isLandscapeMode}
            onCheckedChange={(checked) => updatePreferences({ isLandscapeMode: checked })}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}

interface SettingRowProps {
  icon: ReactNode;
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

function SettingRow({ icon, label, description, checked, onCheckedChange }: SettingRowProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-center gap-3 p-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary">{icon}</span>
      <span className="min-w-0 flex-1">
        <span id={labelId} className="block text-sm font-semibold">
          {label}
        </span>
        <span id={descriptionId} className="block text-xs text-muted-foreground">
          {description}
        </span>
      </span>
      <Switch
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        checked={checked}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
