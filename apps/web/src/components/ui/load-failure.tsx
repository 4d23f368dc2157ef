import { messages } from '@dwellscape/shared';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { Button, buttonClasses, type ButtonSize } from './button';
import { EmptyState } from './empty-state';

interface LoadFailureProps {
  error: Error;
  icon: LucideIcon;
  /** What is missing: shown for a 404 or 400 (an id that cannot exist), with a way home. */
  notFound: { title: string; description: string };
  /** Shown for any other failure, with the error's words and 'Try again'. */
  failedTitle: string;
  onRetry: () => void;
}

/** A screen's one thing could not be loaded: it does not exist, or asking again may help. */
export function LoadFailure({ error, icon, notFound, failedTitle, onRetry }: LoadFailureProps) {
  const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return isMissing ? (
    <EmptyState
      icon={icon}
      title={notFound.title}
      description={notFound.description}
      action={
        <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'outline' })}>
          {messages.notFound.link}
        </Link>
      }
    />
  ) : (
    <FailedToLoad icon={icon} title={failedTitle} error={error} onRetry={onRetry} />
  );
}

interface FailedToLoadProps {
  icon: LucideIcon;
  title: string;
  /** Its message says what went wrong. */
  error: Error | null;
  onRetry: () => void;
  /** An icon inside 'Try again'. */
  retryIcon?: LucideIcon;
  size?: ButtonSize;
  isRetrying?: boolean;
  className?: string;
}

/** Something could not be loaded: why, and 'Try again'. */
export function FailedToLoad({
  icon,
  title,
  error,
  onRetry,
  retryIcon: RetryIcon,
  size,
  isRetrying,
  className,
}: FailedToLoadProps) {
  return (
    <EmptyState
      icon={icon}
      tone="danger"
      title={title}
      description={error?.message}
      className={className}
      action={
        <Button variant="outline" size={size} onClick={onRetry} isLoading={isRetrying}>
          {RetryIcon && <RetryIcon className="size-4" aria-hidden />}
          {messages.feed.tryAgain}
        </Button>
      }
    />
  );
}
