import { FLOW_STEP_COUNT, messages } from '@dwellscape/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
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

/** The frame of every step (SPEC §2): a way back, progress n/5, the step's heading. */
export function StepLayout({ step, description, actions, children }: StepLayoutProps) {
  const index = createDesignSteps.indexOf(step);
  const heading = messages.create.steps[index]?.heading ?? '';
  const previous = index > 0 ? createDesignSteps[index - 1] : undefined;

  return (
    <section aria-labelledby={`create-step-${step}`} className="animate-fade-in">
      <div className="mb-5 flex items-center gap-3">
        <Link
          to={previous ? paths.createDesign.step(previous) : paths.home.getHref()}
          aria-label="Back"
          className={buttonClasses({ variant: 'ghost', size: 'icon', className: '-ml-2' })}
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <ProgressSteps current={index + 1} total={FLOW_STEP_COUNT} className="flex-1" />
      </div>
      <h1 id={`create-step-${step}`} className="text-2xl font-bold tracking-tight text-balance">
        {heading}
      </h1>
      {description && <p className="mt-1.5 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-6">{children}</div>
      {actions && <StepActions>{actions}</StepActions>}
    </section>
  );
}

/** Sticks to the bottom of the screen, just above the bottom navigation. */
function StepActions({ children }: { children: ReactNode }) {
  return (
    <div
      className={cn(
        'sticky bottom-[calc(env(safe-area-inset-bottom)+4.25rem+0.75rem)] z-30 mt-8 -mx-1',
        'flex items-center gap-3 rounded-2xl border border-border/70 bg-surface/95 p-2.5 shadow-card backdrop-blur-xl',
      )}
    >
      {children}
    </div>
  );
}
