import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/lib/api/get-me';
import { SignInNeeded } from './sign-in-needed';

interface AccountDataProps<T> {
  /** The account's query, asked only while signed in. */
  query: UseQueryResult<T>;
  icon: LucideIcon;
  /** What a signed-out person is told they would see here. */
  signedOut: { title: string; description: string };
  loadingLabel: string;
  /** The height class of each placeholder block while it loads. */
  skeletons: readonly string[];
  failedTitle: string;
  children: (data: T) => ReactNode;
}

/** A screen of the signed-in account's own data: sign in first, then its loading, failure and data. */
export function AccountData<T>({
  query,
  icon,
  signedOut,
  loadingLabel,
  skeletons,
  failedTitle,
  children,
}: AccountDataProps<T>) {
  const me = useMe();
  if (me.data && !me.data.signedIn) {
    return <SignInNeeded icon={icon} title={signedOut.title} description={signedOut.description} />;
  }
  if (query.isPending) {
    return (
      <div aria-label={loadingLabel} className="space-y-3">
        {skeletons.map((height, index) => (
          <Skeleton key={index} className={`${height} w-full`} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card>
        <EmptyState
          icon={icon}
          tone="danger"
          title={failedTitle}
          action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
        />
      </Card>
    );
  }
  return children(query.data);
}
