import { FLOW_STEP_COUNT, messages } from '@dwellscape/shared';
import { ArrowLeft } from 'lucide-react';
import { useLayoutEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ProgressSteps } from '@/components/ui/stepper';
import { createDesignSteps, paths, type CreateDesignStep } from '@/config/paths';
import { cn } from '@/lib/cn';

interface StepLayoutProps {
  step: CreateDesignStep;
  /** One line under the heading saying what the step asks for. */
  description?: ReactNode;
  /** The step's main action(s), kept in reach above the bottom navigation. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every step (docs/product.md §2): a way back, progress n/5, the step's heading. */
export function StepLayout({ step, description, actions, children }: StepLayoutProps) {
  const index = createDesignSteps.indexOf(step);
  const previous = index > 0 ? createDesignSteps[index - 1] : undefined;
  return (
    <StepFrame
      id={`create-step-${step}`}
      heading={messages.create.steps[index]?.heading ?? ''}
      back={{ to: previous ? paths.createDesign.step(previous) : paths.home.getHref() }}
      current={index + 1}
      total={FLOW_STEP_COUNT}
      description={description}
      actions={actions}
    >
      {children}
    </StepFrame>
  );
}

interface StepFrameProps {
  id: string;
  heading: ReactNode;
  /** The one way back: a link, or what going back does. */
  back: { to: string } | { onClick: () => void; label?: string };
  current: number;
  total: number;
  /** A short line above the heading naming what the steps belong to. */
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A step of either flow (the create flow, the product page's see-in-space): back, progress, heading, actions. */
export function StepFrame({
  id,
  heading,
  back,
  current,
  total,
  eyebrow,
  description,
  actions,
  children,
}: StepFrameProps) {
  const backClasses = buttonClasses({ variant: 'ghost', size: 'icon', className: '-ml-2' });
  return (
    <section aria-labelledby={id} className="animate-fade-in">
      <div className="mb-5 flex items-center gap-3">
        {'to' in back ? (
          <Link to={back.to} aria-label="Back" className={backClasses}>
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
        ) : (
          <button type="button" aria-label={back.label ?? 'Back'} className={backClasses} onClick={back.onClick}>
            <ArrowLeft className="size-5" aria-hidden />
          </button>
        )}
        <ProgressSteps current={current} total={total} className="flex-1" />
      </div>
      {eyebrow && <p className="mb-1 truncate text-sm font-medium text-muted-foreground">{eyebrow}</p>}
      <h1 id={id} className="text-2xl font-bold tracking-tight text-balance">
        {heading}
      </h1>
      {description && <p className="mt-1.5 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-6">{children}</div>
      {actions && <StepActions>{actions}</StepActions>}
    </section>
  );
}

/** <html> carries this while a step's sticky actions are shown: index.css keeps focus scrolling clear of them. */
const STICKY_ACTIONS_ATTRIBUTE = 'data-sticky-actions-shown';
let shownStickyActions = 0;

/** Sticks to the bottom of the screen, just above the bottom navigation. */
function StepActions({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    shownStickyActions += 1;
    document.documentElement.setAttribute(STICKY_ACTIONS_ATTRIBUTE, '');
    return () => {
      shownStickyActions -= 1;
      if (shownStickyActions === 0) document.documentElement.removeAttribute(STICKY_ACTIONS_ATTRIBUTE);
    };
  }, []);
  return (
    <div
      data-sticky-actions
      className={cn(
        'sticky bottom-[calc(env(safe-area-inset-bottom)+4.25rem+0.75rem)] z-30 mt-8 -mx-1',
        'flex items-center gap-3 rounded-2xl border border-border/70 bg-surface/95 p-2.5 shadow-card backdrop-blur-xl',
      )}
    >
      {children}
    </div>
  );
}
