import type { Question } from '@dwellscape/shared';
import { ChevronDown, RefreshCw } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDesignMode } from '@/lib/preferences';
import { useQuestions } from '../api/get-questions';
import { getCreateDraft, updateCreateDraft, useCreateDraft } from '../stores/create-draft';
import { StepLayout } from './step-layout';

/** Step 2 (docs/product.md §2, §5): the mode's style quiz; every question needs an answer. */
export function FlowQuestionsStep() {
  const mode = useDesignMode();
  const questions = useQuestions(mode);
  const { flowAnswers } = useCreateDraft();
  const navigate = useNavigate();

  const total = questions.data?.length ?? 0;
  const answered = questions.data?.filter((question) => Boolean(flowAnswers[question.id])).length ?? 0;
  const isComplete = questions.isSuccess && answered === total;

  const answer = (questionId: string, option: string) =>
    updateCreateDraft({ flowAnswers: { ...getCreateDraft().flowAnswers, [questionId]: option } });

  return (
    <StepLayout
      step="flow-questions"
      description={
        mode === 'landscape' ? 'Tell us how you want to live outdoors.' : 'Tell us how you want your room to feel.'
      }
      actions={
        <>
          <p className="flex-1 pl-2 text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {questions.isSuccess ? `${answered} of ${total} answered` : ''}
          </p>
          <Button size="lg" disabled={!isComplete} onClick={() => navigate(paths.createDesign.step('space-selection'))}>
            Next
          </Button>
        </>
      }
    >
      {questions.isPending ? (
        <div aria-busy="true" aria-label="Loading questions" className="flex flex-col gap-4">
          {[0, 1, 2].map((index) => (
            <Card key={index} className="space-y-3 p-4">
              <Skeleton className="h-4 w-3/5" />
              <div className="flex flex-wrap gap-2">
                <Skeleton className="h-10 w-24 rounded-full" />
                <Skeleton className="h-10 w-20 rounded-full" />
                <Skeleton className="h-10 w-28 rounded-full" />
              </div>
            </Card>
          ))}
        </div>
      ) : questions.isError ? (
        <EmptyState
          icon={RefreshCw}
          tone="danger"
          title="The questions could not be loaded."
          action={
            <Button variant="outline" onClick={() => void questions.refetch()}>
              Try Again
            </Button>
          }
        />
      ) : (
        <ol className="flex flex-col gap-4">
          {questions.data.map((question, index) => (
            <li key={question.id}>
              <QuestionCard
                question={question}
                number={index + 1}
                value={flowAnswers[question.id]}
                onAnswer={(option) => answer(question.id, option)}
              />
            </li>
          ))}
        </ol>
      )}
    </StepLayout>
  );
}

interface QuestionCardProps {
  question: Question;
  number: number;
  value: string | undefined;
  onAnswer: (option: string) => void;
}

function QuestionCard({ question, number, value, onAnswer }: QuestionCardProps) {
  const labelId = useId();
  const selectId = useId();
  return (
    <Card className="p-4">
      <p id={labelId} className="flex gap-2 text-base font-semibold">
        <span aria-hidden className="text-primary tabular-nums">
          {number}.
        </span>
        {question.type === 'select' ? <label htmlFor={selectId}>{question.questionText}</label> : question.questionText}
      </p>
      {question.type === 'select' ? (
        <div className="relative mt-3">
          <select
            id={selectId}
            value={value ?? ''}
            onChange={(event) => event.currentTarget.value && onAnswer(event.currentTarget.value)}
            className={cn(inputClasses, 'cursor-pointer appearance-none pr-10', !value && 'text-muted-foreground')}
          >
            <option value="" disabled>
              Choose one…
            </option>
            {question.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
        </div>
      ) : (
        <RadioGroup.Root
          aria-labelledby={labelId}
          value={value ?? ''}
          onValueChange={onAnswer}
          orientation="horizontal"
          className="mt-3 flex flex-wrap gap-2"
        >
          {question.options.map((option) => (
            <RadioGroup.Item
              key={option}
              value={option}
              className={cn(
                'inline-flex min-h-11 cursor-pointer items-center rounded-full border border-border bg-surface px-4 py-2 text-sm font-semibold transition-colors hover:bg-muted',
                'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=checked]:shadow-sm',
              )}
            >
              {option}
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      )}
    </Card>
  );
}
