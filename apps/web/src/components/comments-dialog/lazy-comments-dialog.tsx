import { lazy, Suspense, useState, type ComponentProps } from 'react';

const CommentsDialog = lazy(async () => ({ default: (await import('./comments-dialog')).CommentsDialog }));

/**
 * The comments dialog, fetched the first time it opens, so a screen of cards loads without Radix's
 * dialog and the toasts. Once loaded it stays mounted, exactly like CommentsDialog.
 */
export function LazyCommentsDialog(props: ComponentProps<typeof CommentsDialog>) {
  const [hasOpened, setHasOpened] = useState(props.open);
  if (props.open && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <CommentsDialog {...props} />
    </Suspense>
  );
}
