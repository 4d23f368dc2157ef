import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { Input, Label } from './input';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'children'> {
  label: string;
  /** A line under the field saying what it accepts; the error takes its place when there is one. */
  hint?: ReactNode;
  /** The field's problem, read out with it and shown under it. */
  error?: string | null;
  /** Shown at the label's end (a character count, say). */
  labelAside?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint or its error underneath, tied together for screen readers. */
export function TextField({ label, hint, error, labelAside, className, inputRef, type, ...props }: TextFieldProps) {
  const id = useId();
  const noteId = useId();
  const [isRevealed, setIsRevealed] = useState(false);
  const isPassword = type === 'password';
  const note = error || hint;
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative mt-1.5">
        <Input
          id={id}
          ref={inputRef}
          type={isPassword && isRevealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          className={cn(isPassword && 'pr-12')}
          {...props}
        />
        {isPassword && (
          <button
            type="button"
            aria-label={isRevealed ? 'Hide password' : 'Show password'}
            aria-pressed={isRevealed}
            onClick={() => setIsRevealed((shown) => !shown)}
            className="absolute inset-y-0 right-0.5 my-auto grid size-11 cursor-pointer place-items-center rounded-lg text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
          >
            {isRevealed ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
          </button>
        )}
      </div>
      {error ? (
        <p id={noteId} className="mt-1.5 flex items-start gap-1.5 text-sm text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : (
        hint && (
          <p id={noteId} className="mt-1.5 text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
