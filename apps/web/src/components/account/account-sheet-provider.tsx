import type { SessionResponse } from '@dwellscape/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { isSignInRequired } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { refetchInFlightQueries } from '@/lib/refetch-in-flight';

// the sheet (its forms, Radix's dialog and tabs) loads the first time it opens
const SignInSheet = lazy(async () => ({ default: (await import('./sign-in-sheet')).SignInSheet }));

export type AccountSheetTab = 'sign-in' | 'sign-up';

/** Why the sheet asks, under its title, for each action that needs an account. */
export const accountReasons = {
  publish: 'Sign in or sign up to publish your design. It stays just as it is.',
  comment: 'Sign in or sign up to post your comment. What you wrote stays.',
  editProfile: 'Sign in or sign up to edit your own profile.',
  order: 'Sign in or sign up to place your order. Your cart stays.',
} as const;

export interface OpenAccountSheetOptions {
  /** The tab it opens on: 'sign-in' unless told. */
  tab?: AccountSheetTab;
  /** Why the sheet asks, under its title ('Sign in or sign up to publish your design.'). */
  reason?: string;
}

interface SheetRequest {
  /** Each request starts the sheet's forms afresh. */
  id: number;
  tab: AccountSheetTab;
  reason?: string;
  /** Tells the sheet's caller how it ended: the new session, or null when it was closed without signing in. */
  settle: (session: SessionResponse | null) => void;
}

interface AccountSheetContextValue {
  /** Opens the sign-in / sign-up sheet; resolves with the new session, or null when the person closes it. */
  openAccountSheet: (options?: OpenAccountSheetOptions) => Promise<SessionResponse | null>;
}

const AccountSheetContext = createContext<AccountSheetContextValue | null>(null);

/** Holds the one sign-in / sign-up sheet of the app; any screen or dialog can open it. */
export function AccountSheetProvider({ children }: { children: ReactNode }) {
  // the last request stays after the sheet closes, so its content does not change while it goes
  const [request, setRequest] = useState<SheetRequest | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const pending = useRef<SheetRequest | null>(null);
  const nextId = useRef(0);

  const finish = useCallback((session: SessionResponse | null) => {
    const ending = pending.current;
    pending.current = null;
    setIsOpen(false);
    ending?.settle(session);
  }, []);

  const openAccountSheet = useCallback(
    (options: OpenAccountSheetOptions = {}) =>
      new Promise<SessionResponse | null>((resolve) => {
        // a second request replaces the first, whose caller learns it was not signed in for
        pending.current?.settle(null);
        nextId.current += 1;
        const next: SheetRequest = {
          id: nextId.current,
          tab: options.tab ?? 'sign-in',
          reason: options.reason,
          settle: resolve,
        };
        pending.current = next;
        setRequest(next);
        setIsOpen(true);
      }),
    [],
  );

  const value = useMemo(() => ({ openAccountSheet }), [openAccountSheet]);

  return (
    <AccountSheetContext.Provider value={value}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <SignInSheet
            open={isOpen}
            requestId={request.id}
            initialTab={request.tab}
            reason={request.reason}
            onSignedIn={finish}
            onDismiss={() => finish(null)}
          />
        </Suspense>
      )}
    </AccountSheetContext.Provider>
  );
}

export function useAccountSheet(): AccountSheetContextValue {
  const value = useContext(AccountSheetContext);
  if (!value) throw new Error('useAccountSheet needs an AccountSheetProvider above it (the app layout has one)');
  return value;
}

/** How an action run with `runWithAccount` ended. */
export type AccountActionOutcome<T> =
  | { completed: true; value: T }
  /** The action needed an account and the person closed the sheet without signing in: nothing happened. */
  | { completed: false };

export interface RunWithAccountOptions {
  /** Why the sheet asks, when it has to ('Sign in or sign up to publish your design.'). */
  reason?: string;
}

/**
 * Runs an action that needs an account (publishing, commenting, following, saving). Signed out, or when
 * the server answers 'Sign in required', it opens the sign-in sheet and, once the person has signed in
 * or up, runs the same action again, so nothing they typed or chose is lost. Any other failure of the
 * action rejects, as the action's own would.
 */
export function useRequireAccount() {
  const { openAccountSheet } = useAccountSheet();
  const queryClient = useQueryClient();

  const runWithAccount = useCallback(
    async <T,>(action: () => Promise<T>, options: RunWithAccountOptions = {}): Promise<AccountActionOutcome<T>> => {
      const askThenRun = async (): Promise<AccountActionOutcome<T>> => {
        const session = await openAccountSheet({ reason: options.reason });
        if (!session) return { completed: false };
        const value = await action();
        // the sign-in asked every viewer-dependent query again; an answer read before the action would land after
        // what the action put in the cache and undo it (a comment gone from its list, a save unsaved)
        await refetchInFlightQueries(queryClient);
        return { completed: true, value };
      };
      // known to be signed out: ask first rather than send what the server will refuse
      if (queryClient.getQueryData<SessionResponse>(queryKeys.me)?.signedIn === false) return askThenRun();
      try {
        return { completed: true, value: await action() };
      } catch (error) {
        if (!isSignInRequired(error)) throw error;
        // signed out elsewhere ('Sign out everywhere', an expired account session): what we knew is stale
        void queryClient.invalidateQueries({ queryKey: queryKeys.me, exact: true });
        return askThenRun();
      }
    },
    [openAccountSheet, queryClient],
  );

  return { runWithAccount };
}
