import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses, Label } from './input';

/** How many of its characters a field holds, for the label's end; marked once the field is full. */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <span
      aria-hidden
      className={cn('text-xs tabular-nums', length >= max ? 'font-semibold text-accent' : 'text-muted-foreground')}
    >
      {length}/{max}
    </span>
  );
}

interface TextAreaFieldProps {
  label: string;
  name: string;
  value: string;
  /** The most characters it takes, counted beside the label. */
  max: number;
  rows: number;
  placeholder?: string;
  /** The field's problem, read out with it and shown under it. */
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** A labelled text area with its character count, and its error underneath, tied together for screen readers. */
export function TextAreaField({ label, name, value, max, rows, placeholder, error, onChange }: TextAreaFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        <CharacterCount length={value.length} max={max} />
      </div>
      <textarea
        id={id}
        name={name}
        value={value}
        rows={rows}
        maxLength={max}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={cn(inputClasses, 'mt-1.5 h-auto resize-none py-3 leading-snug')}
      />
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      )}
    </div>
  );
}
