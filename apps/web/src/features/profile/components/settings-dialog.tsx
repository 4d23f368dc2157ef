import { messages, type SessionResponse } from '@dwellscape/shared';
import {
  ChevronRight,
  Download,
  LogIn,
  Smartphone,
  LogOut,
  MonitorSmartphone,
  Moon,
  ReceiptText,
  Trash2,
  Trees,
  Wallet,
} from 'lucide-react';
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useAccountSheet } from '@/components/account/account-sheet-provider';
import { Avatar } from '@/components/ui/avatar';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/api/get-me';
import { canInstall, promptInstall, subscribeInstallPrompt } from '@/lib/install-prompt';
import { cn } from '@/lib/cn';
import { updatePreferences, usePreferences } from '@/lib/preferences';
import { useDownloadMyData } from '../api/export-my-data';
import { useSignOut } from '../api/sign-out';
import { DeleteAccountDialog } from './delete-account-dialog';

export const settingsTexts = {
  appearance: 'Appearance',
  account: 'Account',
  orders: 'Your orders',
  ordersDescription: 'What you ordered, with its status.',
  earnings: 'Commission Earnings',
  earningsDescription: 'What your designs earned, pending and available.',
  signIn: 'Sign in or sign up',
  signInDescription: 'Publish designs, comment and follow people.',
  downloadData: 'Download my data',
  downloadDataDescription: 'Everything your account made, liked, followed and saved, as a JSON file.',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  signOut: 'Sign out',
  signOutDescription: 'Sign out of this browser.',
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereDescription: 'Sign out of every browser and device, this one too.',
  signedOut: 'Signed out',
  signedOutEverywhere: 'Signed out on every device',
  signOutFailed: 'Signing out failed. Please try again.',
  deleteAccount: 'Delete account',
  deleteAccountDescription: 'Remove your profile, designs, comments and likes for good.',
  app: 'App',
  installApp: 'Install app',
  installAppDescription: 'Add Dwellscape to your home screen: it opens in its own window.',
  installed: 'Dwellscape is on your home screen',
} as const;

interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The own profile's 'Settings': the header's two preferences with words next to them, and the account. */
export function SettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const { isDarkMode, isLandscapeMode } = usePreferences();
  const session = useMe().data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={messages.profile.settings}
        description="How the app looks on this device, and your account."
      >
        <SectionHeading>{settingsTexts.appearance}</SectionHeading>
        <div className="divide-y divide-border/70 rounded-2xl border border-border/70 bg-surface">
          <SettingRow
            icon={<Moon className="size-5" aria-hidden />}
            label="Dark mode"
            description="Dark colours that are easier on the eyes at night."
            checked={isDarkMode}
            onCheckedChange={(checked) => updatePreferences({ isDarkMode: checked })}
          />
          <SettingRow
            icon={<Trees className="size-5" aria-hidden />}
            label="Landscape mode"
            description="Show outdoor designs and garden products instead of interiors."
            checked={isLandscapeMode}
            onCheckedChange={(checked) => updatePreferences({ isLandscapeMode: checked })}
          />
        </div>
        <InstallAppSection />
        <SectionHeading className="mt-6">{settingsTexts.account}</SectionHeading>
        {session?.signedIn ? (
          <AccountSettings session={session} onClose={() => onOpenChange(false)} />
        ) : (
          <SignedOutSettings onClose={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Decision 0049: while the browser offers to install the app (Android Chromium), the offer's button. */
function InstallAppSection() {
  const installable = useSyncExternalStore(subscribeInstallPrompt, () => canInstall());
  if (!installable) return null;
  return (
    <>
      <SectionHeading className="mt-6">{settingsTexts.app}</SectionHeading>
      <div className="rounded-2xl border border-border/70 bg-surface">
        <ActionRow
          icon={<Smartphone className="size-5" aria-hidden />}
          label={settingsTexts.installApp}
          description={settingsTexts.installAppDescription}
          onClick={async () => {
            if ((await promptInstall()) === 'accepted') toast.success(settingsTexts.installed);
          }}
        />
      </div>
    </>
  );
}

function SignedOutSettings({ onClose }: { onClose: () => void }) {
  const { openAccountSheet } = useAccountSheet();
  const navigate = useNavigate();
  return (
    <div className="rounded-2xl border border-border/70 bg-surface">
      <ActionRow
        icon={<LogIn className="size-5" aria-hidden />}
        label={settingsTexts.signIn}
        description={settingsTexts.signInDescription}
        onClick={async () => {
          onClose();
          const session = await openAccountSheet();
          if (session) navigate(paths.profile.getHref(session.currentUser.id));
        }}
      />
    </div>
  );
}

function AccountSettings({ session, onClose }: { session: SessionResponse; onClose: () => void }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const download = useDownloadMyData();
  const [isDeleting, setIsDeleting] = useState(false);
  const { currentUser } = session;

  const signOutOf = (everywhere: boolean) =>
    signOut.mutate(
      { everywhere },
      {
        onSuccess: () => {
          onClose();
          // a guest has no own profile: the one just left would show as a stranger's, so signing out goes home
          void navigate(paths.home.getHref(), { replace: true });
          toast.success(everywhere ? settingsTexts.signedOutEverywhere : settingsTexts.signedOut);
        },
        onError: () => toast.error(settingsTexts.signOutFailed),
      },
    );

  return (
    <>
      <div className="divide-y divide-border/70 rounded-2xl border border-border/70 bg-surface">
        <div className="flex items-center gap-3 p-4">
          <Avatar src={currentUser.avatarUrl} name={currentUser.displayName} className="size-10" />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold">{currentUser.displayName}</span>
            <span className="block truncate text-xs text-muted-foreground">Signed in as @{currentUser.username}</span>
          </span>
        </div>
        <ActionRow
          icon={<ReceiptText className="size-5" aria-hidden />}
          label={settingsTexts.orders}
          description={settingsTexts.ordersDescription}
          onClick={() => {
            onClose();
            navigate(paths.orders.getHref());
          }}
        />
        <ActionRow
          icon={<Wallet className="size-5" aria-hidden />}
          label={settingsTexts.earnings}
          description={settingsTexts.earningsDescription}
          onClick={() => {
            onClose();
            navigate(paths.earnings.getHref());
          }}
        />
        <ActionRow
          icon={<Download className="size-5" aria-hidden />}
          label={settingsTexts.downloadData}
          description={settingsTexts.downloadDataDescription}
          isBusy={download.isPending}
          onClick={() => download.mutate(undefined, { onError: () => toast.error(settingsTexts.downloadFailed) })}
        />
        <ActionRow
          icon={<LogOut className="size-5" aria-hidden />}
          label={settingsTexts.signOut}
          description={settingsTexts.signOutDescription}
          isBusy={signOut.isPending && !signOut.variables?.everywhere}
          disabled={signOut.isPending}
          onClick={() => signOutOf(false)}
        />
        <ActionRow
          icon={<MonitorSmartphone className="size-5" aria-hidden />}
          label={settingsTexts.signOutEverywhere}
          description={settingsTexts.signOutEverywhereDescription}
          isBusy={signOut.isPending && Boolean(signOut.variables?.everywhere)}
          disabled={signOut.isPending}
          onClick={() => signOutOf(true)}
        />
        <ActionRow
          icon={<Trash2 className="size-5" aria-hidden />}
          label={settingsTexts.deleteAccount}
          description={settingsTexts.deleteAccountDescription}
          tone="danger"
          onClick={() => setIsDeleting(true)}
        />
      </div>
      <DeleteAccountDialog
        username={currentUser.username}
        open={isDeleting}
        onOpenChange={setIsDeleting}
        onDeleted={() => {
          setIsDeleting(false);
          onClose();
          navigate(paths.home.getHref());
        }}
      />
    </>
  );
}

function SectionHeading({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <h3 className={cn('mb-2 px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase', className)}>
      {children}
    </h3>
  );
}

interface ActionRowProps {
  icon: ReactNode;
  label: string;
  description: string;
  onClick: () => void;
  isBusy?: boolean;
  disabled?: boolean;
  tone?: 'neutral' | 'danger';
}

function ActionRow({ icon, label, description, onClick, isBusy, disabled, tone = 'neutral' }: ActionRowProps) {
  const descriptionId = useId();
  // the row is the button's hit area (its ::after), and only the label is inside the button: the description is
  // read as its description, not as part of its name (WCAG 2.5.3, e2e/axe.spec.ts)
  return (
    <div className="relative flex w-full items-center gap-3 p-4 text-left transition-colors first:rounded-t-2xl last:rounded-b-2xl hover:bg-muted/60 has-[:disabled]:opacity-70 has-[:focus-visible]:bg-muted/60 has-[:disabled]:hover:bg-transparent">
      <span
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-xl',
          tone === 'danger' ? 'bg-danger-soft text-danger' : 'bg-primary-soft text-primary',
        )}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onClick}
          disabled={disabled || isBusy}
          aria-busy={isBusy || undefined}
          aria-describedby={descriptionId}
          className={cn(
            'block cursor-pointer text-left text-sm font-semibold after:absolute after:inset-0 after:content-[""] focus-visible:outline-none disabled:cursor-default',
            tone === 'danger' && 'text-danger',
          )}
        >
          {label}
        </button>
        <span id={descriptionId} className="block text-xs text-muted-foreground">
          {description}
        </span>
      </span>
      {isBusy ? (
        <Spinner className="size-5 text-muted-foreground" />
      ) : (
        <ChevronRight className="size-5 text-muted-foreground" aria-hidden />
      )}
    </div>
  );
}

interface SettingRowProps {
  icon: ReactNode;
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

function SettingRow({ icon, label, description, checked, onCheckedChange }: SettingRowProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-center gap-3 p-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-primary">{icon}</span>
      <span className="min-w-0 flex-1">
        <span id={labelId} className="block text-sm font-semibold">
          {label}
        </span>
        <span id={descriptionId} className="block text-xs text-muted-foreground">
          {description}
        </span>
      </span>
      <Switch
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        checked={checked}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
