import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useAccountSheet } from './account-sheet-provider';

/** What a screen of the account's own (orders, earnings) shows a signed-out person: why, and 'Sign in'. */
export function SignInNeeded({ icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  const { openAccountSheet } = useAccountSheet();
  return (
    <Card>
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        action={<Button onClick={() => void openAccountSheet({ reason: description })}>Sign in</Button>}
      />
    </Card>
  );
}
