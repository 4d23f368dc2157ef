import {
  CREATOR_COMMISSION_BPS,
  ORIGINAL_CREATOR_COMMISSION_BPS,
  formatCents,
  formatRelativeTime,
  messages,
  type EarningsEntry,
} from '@dwellscape/shared';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { AccountData } from '@/components/account/account-data';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/api/get-me';
import { useEarnings } from '@/lib/api/get-earnings';
import { cn } from '@/lib/cn';

const percent = (bps: number) => `${bps / 100}%`;

const roleText: Record<EarningsEntry['role'], string> = {
  creator: 'Your design',
  original_creator: 'A remix of your design',
  sample: 'Earlier earnings',
};

/** The account's commission ledger (decision 0018): pending and available apart, per design, and every entry newest first. */
export function EarningsScreen() {
  const me = useMe();
  const isSignedIn = me.data?.signedIn === true;
  const earnings = useEarnings(isSignedIn);

  return (
    <section>
      <ScreenHeader
        title={messages.profile.commission}
        description={`${percent(CREATOR_COMMISSION_BPS)} of each purchase from your designs; ${percent(ORIGINAL_CREATOR_COMMISSION_BPS)} of it goes to the original creator of a remix.`}
      />
      <AccountData
        query={earnings}
        icon={Wallet}
        signedOut={{
          title: 'Your earnings appear here',
          description: 'Sign in or sign up to see the commission your designs earn.',
        }}
        loadingLabel="Loading earnings"
        skeletons={['h-24', 'h-48']}
        failedTitle="Failed to load your earnings"
      >
        {(data) => (
          <div className="space-y-5">
            <div className="grid grid-cols-2 gap-3">
              <Card className="p-4">
                <p className="text-xs font-medium text-muted-foreground">Pending</p>
                <p
                  className="mt-1 text-xl font-bold tabular-nums"
                  aria-label={`Pending ${formatCents(data.totals.pendingCents)}`}
                >
                  {formatCents(data.totals.pendingCents)}
                </p>
                <p className="mt-1 text-xs text-muted-foreground">Until the payment is captured</p>
              </Card>
              <Card className="border-transparent bg-primary p-4 text-primary-foreground dark:border-primary/25 dark:bg-primary-soft dark:text-foreground">
                <p className="text-xs font-medium opacity-90">Available</p>
                <p
                  className="mt-1 text-xl font-bold tabular-nums"
                  aria-label={`Available ${formatCents(data.totals.availableCents)}`}
                >
                  {formatCents(data.totals.availableCents)}
                </p>
                <p className="mt-1 text-xs opacity-80">Yours to pay out</p>
              </Card>
            </div>

            {data.byDesign.length > 0 && (
              <div>
                <h2 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">By design</h2>
                <Card>
                  <ul aria-label="Earnings by design" className="divide-y divide-border/70">
                    {data.byDesign.map((row) => (
                      <li key={row.designId ?? 'earlier'} className="flex items-center justify-between gap-3 px-4 py-3">
                        {row.designId ? (
                          <Link
                            to={paths.post.getHref(row.designId)}
                            className="min-w-0 truncate text-sm font-medium hover:underline"
                          >
                            {row.designTitle ?? 'A design'}
                          </Link>
                        ) : (
                          <span className="text-sm font-medium">{roleText.sample}</span>
                        )}
                        <span className="shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                          {row.pendingCents > 0 && (
                            <span className="block">{formatCents(row.pendingCents)} pending</span>
                          )}
                          {row.availableCents > 0 && (
                            <span className="block">{formatCents(row.availableCents)} available</span>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                </Card>
              </div>
            )}

            <div>
              <h2 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Entries</h2>
              {data.entries.length === 0 ? (
                <Card>
                  <EmptyState
                    icon={Wallet}
                    title="No earnings yet"
                    description="When someone buys from one of your designs, your commission shows here."
                  />
                </Card>
              ) : (
                <Card>
                  <ul aria-label="Earnings entries" className="divide-y divide-border/70">
                    {data.entries.map((entry) => (
                      <EntryRow key={entry.id} entry={entry} />
                    ))}
                  </ul>
                </Card>
              )}
            </div>
          </div>
        )}
      </AccountData>
    </section>
  );
}

function EntryRow({ entry }: { entry: EarningsEntry }) {
  const isReversal = entry.kind === 'reversed';
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          {isReversal ? 'Order cancelled' : (entry.productName ?? roleText.sample)}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {entry.designTitle ? `${roleText[entry.role]}: ${entry.designTitle}` : roleText[entry.role]} ·{' '}
          {formatRelativeTime(entry.createdAt)}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className={cn('text-sm font-semibold tabular-nums', isReversal && 'text-muted-foreground')}>
          {isReversal ? `−${formatCents(-entry.amountCents)}` : `+${formatCents(entry.amountCents)}`}
        </span>
        <Badge tone={entry.status === 'available' ? 'primary' : entry.status === 'pending' ? 'accent' : 'neutral'}>
          {entry.status === 'pending' ? 'Pending' : entry.status === 'available' ? 'Available' : 'Reversed'}
        </Badge>
      </div>
    </li>
  );
}
