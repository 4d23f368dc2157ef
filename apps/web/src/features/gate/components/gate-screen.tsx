import { GATE_ERROR_DISPLAY_MS, GATE_TRANSITION_MS, messages } from '@dwellscape/shared';
import { CircleAlert, LockKeyhole, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useUnlockGate } from '../api/unlock-gate';

const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';

/** The text for a failed unlock: SPEC's 'Invalid password' for a refused password. */
export function gateErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return messages.gate.rateLimited;
    // 400 means the server refused the value itself (too long, say): to a person that is still a wrong password
    if (error.status === 401 || error.status === 400) return messages.gate.invalid;
    return error.message;
  }
  return UNREACHABLE;
}

interface GateScreenProps {
  /** Called as soon as the server accepts the password, before the transition. */
  onSessionStarted?: () => void;
  /** Called once the unlock transition has finished. */
  onUnlocked: () => void;
}

/** SPEC §2 and §4: the beta gate shown at every app load. */
export function GateScreen({ onSessionStarted, onUnlocked }: GateScreenProps) {
  const [password, setPassword] = useState('');
  // each failure is a new object, so the same message shown twice still gets its full 3 s
  const [failure, setFailure] = useState<{ text: string } | null>(null);
  const [isOpening, setIsOpening] = useState(false);
  const unlock = useUnlockGate();
  const fieldId = useId();
  const errorId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);

  // the field takes the focus just after the gate's first frame: `autoFocus` would focus it inside React's
  // commit and force the page's first style and layout into the render's task (one long task on a phone)
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        // a person who got to another control first keeps it
        if (!active || active === document.body) fieldRef.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => setFailure(null), GATE_ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  useEffect(() => {
    if (!isOpening) return;
    const timer = setTimeout(onUnlocked, GATE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [isOpening, onUnlocked]);

  const isBusy = unlock.isPending || isOpening;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || password.length === 0) return;
    setFailure(null);
    unlock.mutate(
      { password },
      {
        onSuccess: () => {
          setIsOpening(true);
          onSessionStarted?.();
        },
        onError: (error) => setFailure({ text: gateErrorText(error) }),
      },
    );
  }

  return (
    <div className="gate-backdrop relative isolate flex min-h-dvh flex-col overflow-hidden text-white">
      <div aria-hidden className="gate-glow pointer-events-none absolute inset-0 -z-10" />
      <ArchLines />

      <main className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center px-6 pt-[max(3rem,env(safe-area-inset-top))] pb-8">
        <div className="animate-fade-up text-center">
          <div className="mx-auto mb-6 grid size-16 place-items-center rounded-2xl border border-white/20 bg-white/10 shadow-[0_8px_32px_-8px_rgb(0_0_0/0.4)] backdrop-blur-md">
            <Sparkles className="size-7 text-[#f3b08e]" aria-hidden />
          </div>
          <h1 className="text-[2.5rem] leading-none font-bold tracking-tight">{messages.productNameMark}</h1>
          <p className="mx-auto mt-4 max-w-[21rem] text-base leading-relaxed text-white/75">{messages.tagline}</p>
        </div>

        <form
          onSubmit={submit}
          className="mt-10 animate-fade-up rounded-3xl border border-white/15 bg-white/[0.08] p-5 shadow-[0_24px_64px_-24px_rgb(0_0_0/0.55)] backdrop-blur-xl [animation-delay:120ms]"
        >
          <label htmlFor={fieldId} className="mb-2 flex items-center gap-2 text-sm font-medium text-white/90">
            <LockKeyhole className="size-4 text-white/60" aria-hidden />
            {messages.gate.passwordLabel}
          </label>
          <input
            ref={fieldRef}
            id={fieldId}
            type="password"
            name="password"
            required
            autoComplete="current-password"
            placeholder={messages.gate.passwordPlaceholder}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            readOnly={isOpening}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? errorId : undefined}
            className={cn(
              'h-12 w-full rounded-xl border border-white/20 bg-white px-4 text-base text-[#16221f] shadow-inner outline-none transition-[box-shadow,border-color] placeholder:text-[#7b8782] focus-visible:border-white focus-visible:ring-4 focus-visible:ring-white/30 focus-visible:outline-none',
              failure && 'border-[#f3b08e] ring-4 ring-[#e0764a]/40',
            )}
          />
          <div className="min-h-7 pt-2" aria-live="assertive">
            {failure && (
              <p id={errorId} role="alert" className="flex items-center gap-1.5 text-sm font-medium text-[#ffc7ad]">
                <CircleAlert className="size-4 shrink-0" aria-hidden />
                {failure.text}
              </p>
            )}
          </div>
          <button
            type="submit"
            disabled={isBusy}
            aria-busy={isBusy || undefined}
            className="mt-1 inline-flex h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-xl bg-[#e0764a] text-base font-semibold text-white shadow-[0_10px_24px_-10px_rgb(224_118_74/0.9)] transition-[background-color,transform] hover:bg-[#e8875d] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white active:scale-[0.98] disabled:cursor-default disabled:opacity-80"
          >
            {isBusy && <Spinner className="size-5" />}
            {messages.gate.submit}
          </button>
        </form>
      </main>

      <footer className="pb-[max(1.5rem,env(safe-area-inset-bottom))] text-center text-xs font-medium tracking-wide text-white/55">
        {messages.gate.footer}
      </footer>

      {isOpening && (
        // SPEC §2: a white overlay expands, then fades, over the 1 s transition. It fades into the app's own
        // background (dark in dark mode), which stays until the app replaces it: no cut from white to dark.
        // Opacity and transform only, so the compositor runs it while the feed's first page loads underneath.
        <div
          aria-hidden
          className="pointer-events-none fixed inset-0 z-50 overflow-hidden"
          style={{ '--gate-transition-ms': `${GATE_TRANSITION_MS}ms` } as CSSProperties}
        >
          <div className="absolute inset-0 animate-gate-settle bg-background" />
          {/* centred on the screen, and just wider than its diagonal (√2 of the longer side) when fully grown */}
          <div className="absolute top-1/2 left-1/2 size-[150vmax] -translate-1/2 animate-gate-expand rounded-full bg-white motion-reduce:hidden" />
        </div>
      )}
    </div>
  );
}

/** Nested doorway arches behind the title: a quiet architectural motif. */
function ArchLines() {
  return (
    <svg
      aria-hidden
      viewBox="0 0 400 420"
      fill="none"
      className="pointer-events-none absolute top-[-2rem] left-1/2 -z-10 w-[34rem] max-w-none -translate-x-1/2 text-white opacity-[0.07]"
    >
      {[0, 1, 2, 3, 4].map((ring) => {
        const inset = 40 + ring * 32;
        const width = 400 - inset * 2;
        return (
          <path
            key={ring}
            d={`M${inset} 420 V${200 + ring * 8} a${width / 2} ${width / 2} 0 0 1 ${width} 0 V420`}
            stroke="currentColor"
            strokeWidth={ring === 0 ? 2 : 1.25}
          />
        );
      })}
    </svg>
  );
}
