import { RefreshCw } from 'lucide-react';
import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, type CreateDesignStep } from '@/config/paths';
import { useDesignMode } from '@/lib/preferences';
import { useQuestions } from '../api/get-questions';
import { hasAnsweredAll, hasChosenItems, hasChosenSpace, useCreateDraft } from '../stores/create-draft';
import { isRemixHandoff, readPostCreationHandoff } from '../utils/post-creation-handoff';
import { resumableSession } from '../utils/render-plan';
import { guardNeedsQuestions, redirectForStep } from '../utils/step-guard';
import { FlowQuestionsStep } from './flow-questions-step';
import { PostCreationStep } from './post-creation-step';
import { RenderResultStep } from './render-result-step';
import { SpaceSelectionStep } from './space-selection-step';
import { StartStep } from './start-step';
import { StepLayout } from './step-layout';

const stepScreens: Record<CreateDesignStep, ComponentType> = {
  start: StartStep,
  'flow-questions': FlowQuestionsStep,
  'space-selection': SpaceSelectionStep,
  'render-result': RenderResultStep,
  'post-creation': PostCreationStep,
};

/**
 * One step of the create-design flow (docs/product.md §2). A step opened without what it needs sends the
 * person to the first step whose choice is missing.
 */
export function CreateDesignScreen({ step }: { step: CreateDesignStep }) {
  const mode = useDesignMode();
  const draft = useCreateDraft();
  const location = useLocation();
  const questions = useQuestions(mode);

  const hasDesign = isRemixHandoff(readPostCreationHandoff(location.state)) || draft.designSession !== null;
  if (guardNeedsQuestions(step, hasDesign) && !questions.isSuccess) {
    return questions.isError ? (
      <StepLayout step={step}>
        <EmptyState
          icon={RefreshCw}
          tone="danger"
          title="This step could not be loaded."
          action={
            <Button variant="outline" onClick={() => void questions.refetch()}>
              Try Again
            </Button>
          }
        />
      </StepLayout>
    ) : (
      <StepLayout step={step}>
        <div aria-busy="true" aria-label="Loading" className="space-y-3">
          <Skeleton className="aspect-[4/3] rounded-2xl" />
          <Skeleton className="h-12 rounded-xl" />
        </div>
      </StepLayout>
    );
  }

  // a render job to follow again (after a reload, which clears the flow's choices) opens the render step by itself
  const resumesRender = step === 'render-result' && resumableSession(draft, mode) !== null;
  const redirect = resumesRender
    ? null
    : redirectForStep(step, {
        hasItems: hasChosenItems(draft, mode),
        hasAnswers: hasAnsweredAll(draft, questions.data?.map((question) => question.id) ?? []),
        hasSpace: hasChosenSpace(draft),
        hasDesign,
      });
  if (redirect) return <Navigate to={paths.createDesign.step(redirect)} replace />;

  const Screen = stepScreens[step];
  return <Screen />;
}
