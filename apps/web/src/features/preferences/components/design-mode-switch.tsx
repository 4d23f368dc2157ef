import { RectangleHorizontal, RectangleVertical } from 'lucide-react';
import { useId } from 'react';
import { IconSwitch } from '@/components/ui/switch';
import { Tooltip } from '@/components/ui/tooltip';
import { toggleLandscapeMode, usePreferences } from '@/lib/preferences';

/** docs/product.md §1: the header's two-state switch between interior (portrait icon) and landscape (landscape icon). */
export function DesignModeSwitch() {
  const { isLandscapeMode } = usePreferences();
  const stateId = useId();
  const stateText = isLandscapeMode ? 'Landscape' : 'Interior';
  return (
    <Tooltip content={`${stateText} designs`}>
      <span className="inline-flex">
        <IconSwitch
          aria-label="Design mode"
          aria-describedby={stateId}
          checked={isLandscapeMode}
          onCheckedChange={toggleLandscapeMode}
          offIcon={<RectangleVertical />}
          onIcon={<RectangleHorizontal />}
        />
        <span id={stateId} className="sr-only">
          {stateText}
        </span>
      </span>
    </Tooltip>
  );
}
