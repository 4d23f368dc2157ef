import {
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  type SessionResponse,
} from '@dwellscape/shared';
import { CircleAlert, LogIn, UserPlus } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { useSignIn } from '@/lib/api/sign-in';
import { useSignUp } from '@/lib/api/sign-up';
import {
  accountErrorsOf,
  validateSignIn,
  validateSignUp,
  type FieldErrors,
  type SignInField,
  type SignUpField,
} from './account-form-errors';
import type { AccountSheetTab } from './account-sheet-provider';

export const accountSheetTexts = {
  signInTab: 'Sign in',
  signUpTab: 'Sign up',
  signInTitle: 'Welcome back',
  signUpTitle: 'Join Dwellscape',
  description: 'Publish your designs, comment and follow the people whose spaces you love.',
  signInSubmit: 'Sign in',
  signUpSubmit: 'Create account',
  usernameHint: `${USERNAME_MIN_LENGTH}–${USERNAME_MAX_LENGTH} characters: lowercase letters, numbers and _`,
  displayNameHint: 'The name people see on your designs and comments.',
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
} as const;

interface SignInSheetProps {
  open: boolean;
  /** Each request starts the forms afresh. */
  requestId: number;
  initialTab: AccountSheetTab;
  reason?: string;
  onSignedIn: (session: SessionResponse) => void;
  onDismiss: () => void;
}

/** The sign-in / sign-up sheet: a bottom sheet on phones, a centred card on wider screens. */
export function SignInSheet({ open, requestId, initialTab, reason, onSignedIn, onDismiss }: SignInSheetProps) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onDismiss()}>
      <SheetBody key={requestId} initialTab={initialTab} reason={reason} onSignedIn={onSignedIn} />
    </Dialog>
  );
}

function SheetBody({ initialTab, reason, onSignedIn }: Pick<SignInSheetProps, 'initialTab' | 'reason' | 'onSignedIn'>) {
  const [tab, setTab] = useState<AccountSheetTab>(initialTab);
  // the username carries over between the tabs: someone who picked the wrong one need not type it twice
  const [username, setUsername] = useState('');
  const firstField = useRef<HTMLInputElement>(null);

  const welcome = (session: SessionResponse, isNew: boolean) => {
    toast.success(
      isNew
        ? `Welcome to Dwellscape, ${session.currentUser.displayName}!`
        : `Signed in as @${session.currentUser.username}`,
    );
    onSignedIn(session);
  };

  return (
    <DialogContent
      title={tab === 'sign-in' ? accountSheetTexts.signInTitle : accountSheetTexts.signUpTitle}
      description={reason ?? accountSheetTexts.description}
      initialFocus={firstField}
    >
      <Tabs value={tab} onValueChange={(value) => setTab(value as AccountSheetTab)}>
        <TabsList aria-label="Account">
          <TabsTrigger value="sign-in">
            <LogIn className="size-4" aria-hidden />
            {accountSheetTexts.signInTab}
          </TabsTrigger>
          <TabsTrigger value="sign-up">
            <UserPlus className="size-4" aria-hidden />
            {accountSheetTexts.signUpTab}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in" className="mt-5">
          <SignInForm
            username={username}
            onUsernameChange={setUsername}
            firstField={firstField}
            onSignedIn={(session) => welcome(session, false)}
            onSwitch={() => setTab('sign-up')}
          />
        </TabsContent>
        <TabsContent value="sign-up" className="mt-5">
          <SignUpForm
            username={username}
            onUsernameChange={setUsername}
            firstField={firstField}
            onSignedIn={(session) => welcome(session, true)}
            onSwitch={() => setTab('sign-in')}
          />
        </TabsContent>
      </Tabs>
    </DialogContent>
  );
}

interface AccountFormProps {
  username: string;
  onUsernameChange: (username: string) => void;
  firstField: RefObject<HTMLInputElement | null>;
  onSignedIn: (session: SessionResponse) => void;
  onSwitch: () => void;
}

function SignInForm({ username, onUsernameChange, firstField, onSignedIn, onSwitch }: AccountFormProps) {
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<SignInField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignIn();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    const values = { username, password };
    const errors = validateSignIn(values);
    setFieldErrors(errors);
    setFormError(null);
    const form = event.currentTarget;
    if (focusFirstInvalid(form, errors)) return;
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        const next = accountErrorsOf(error);
        const fields = { username: next.fields.username, password: next.fields.password };
        setFieldErrors(fields);
        setFormError(next.form);
        focusFirstInvalid(form, fields);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={accountSheetTexts.signInTab} className="flex flex-col gap-4">
      <TextField
        inputRef={firstField}
        label="Username"
        name="username"
        value={username}
        onChange={(event) => {
          onUsernameChange(event.currentTarget.value);
          setFieldErrors((errors) => ({ ...errors, username: undefined }));
        }}
        error={fieldErrors.username}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={100}
        enterKeyHint="next"
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        value={password}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          setFieldErrors((errors) => ({ ...errors, password: undefined }));
        }}
        error={fieldErrors.password}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        enterKeyHint="go"
      />
      <FormError message={formError} />
      <Button type="submit" size="lg" className="mt-1 w-full" isLoading={signIn.isPending}>
        {accountSheetTexts.signInSubmit}
      </Button>
      <SwitchLine question="New to Dwellscape?" action="Create an account" onClick={onSwitch} />
    </form>
  );
}

function SignUpForm({ username, onUsernameChange, firstField, onSignedIn, onSwitch }: AccountFormProps) {
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<SignUpField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const signUp = useSignUp();

  const clearError = (field: SignUpField) => setFieldErrors((errors) => ({ ...errors, [field]: undefined }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signUp.isPending) return;
    const values = { username, displayName, password };
    const errors = validateSignUp(values);
    setFieldErrors(errors);
    setFormError(null);
    const form = event.currentTarget;
    if (focusFirstInvalid(form, errors)) return;
    signUp.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        const next = accountErrorsOf(error);
        setFieldErrors(next.fields);
        setFormError(next.form);
        focusFirstInvalid(form, next.fields);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={accountSheetTexts.signUpTab} className="flex flex-col gap-4">
      <TextField
        inputRef={firstField}
        label="Username"
        name="username"
        value={username}
        onChange={(event) => {
          onUsernameChange(event.currentTarget.value);
          clearError('username');
        }}
        error={fieldErrors.username}
        hint={accountSheetTexts.usernameHint}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={USERNAME_MAX_LENGTH}
        enterKeyHint="next"
      />
      <TextField
        label="Display name"
        name="displayName"
        value={displayName}
        onChange={(event) => {
          setDisplayName(event.currentTarget.value);
          clearError('displayName');
        }}
        error={fieldErrors.displayName}
        hint={accountSheetTexts.displayNameHint}
        autoComplete="name"
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        enterKeyHint="next"
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        value={password}
        onChange={(event) => {
          setPassword(event.currentTarget.value);
          clearError('password');
        }}
        error={fieldErrors.password}
        hint={accountSheetTexts.passwordHint}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        enterKeyHint="go"
      />
      <FormError message={formError} />
      <Button type="submit" size="lg" className="mt-1 w-full" isLoading={signUp.isPending}>
        {accountSheetTexts.signUpSubmit}
      </Button>
      <SwitchLine question="Already have an account?" action="Sign in instead" onClick={onSwitch} />
    </form>
  );
}

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-xl bg-danger-soft px-3.5 py-3 text-sm font-medium text-danger"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {message}
    </p>
  );
}

function SwitchLine({ question, action, onClick }: { question: ReactNode; action: string; onClick: () => void }) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {question}{' '}
      <button
        type="button"
        onClick={onClick}
        className="relative tap-area cursor-pointer rounded font-semibold text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
      >
        {action}
      </button>
    </p>
  );
}

/** Puts the cursor in the first field (in the form's order) that has a problem; false when none has. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors<string>): boolean {
  const first = Array.from(form.querySelectorAll<HTMLInputElement>('input[name]')).find((input) => errors[input.name]);
  first?.focus();
  return first !== undefined;
}
