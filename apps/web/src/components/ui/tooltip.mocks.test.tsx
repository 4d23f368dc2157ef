import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoLayoutResizeObserver } from '../../../test/no-layout-resize-observer';

/** A copy of the module as a phone has it: test/setup.ts loaded the tooltips into the shared one. */
async function freshTooltips() {
  vi.resetModules();
  return import('./tooltip');
}

/** The header's dark-mode button with its tooltip, from the given copy of the module. */
function renderDarkModeButton({ Tooltip, TooltipProvider }: Awaited<ReturnType<typeof freshTooltips>>) {
  render(
    <TooltipProvider delayDuration={0}>
      <Tooltip content="Switch to dark mode">
        <button type="button">Dark mode</button>
      </Tooltip>
    </TooltipProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Tooltip', () => {
  it('without the tooltips loaded (a phone), is just its child: focus shows nothing', async () => {
    renderDarkModeButton(await freshTooltips());
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveFocus();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('once loaded, shows its content on keyboard focus', async () => {
    vi.stubGlobal('ResizeObserver', NoLayoutResizeObserver);
    const tooltips = await freshTooltips();
    await tooltips.loadTooltips();
    renderDarkModeButton(tooltips);
    await userEvent.tab();
    expect(await screen.findByRole('tooltip', { name: 'Switch to dark mode' })).toBeInTheDocument();
  });

  it('is wanted where any input can hover, not on a touch-only phone', async () => {
    const { canHover } = await freshTooltips();
    const matchMedia = (anyHover: boolean) =>
      vi.fn((query: string) => ({ matches: query === '(any-hover: hover)' && anyHover }) as MediaQueryList);
    vi.stubGlobal('matchMedia', matchMedia(false));
    expect(canHover()).toBe(false);
    vi.stubGlobal('matchMedia', matchMedia(true));
    expect(canHover()).toBe(true);
  });
});
