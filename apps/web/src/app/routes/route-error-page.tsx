import { messages } from '@dwellscape/shared';
import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** The router's fallback for an error thrown while rendering or loading a route (docs/product.md §8). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <section
      role="alert"
      className="mx-auto flex min-h-[60dvh] max-w-sm flex-col items-center justify-center px-4 text-center"
    >
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-danger-soft text-danger">
        <TriangleAlert className="size-7" aria-hidden />
      </span>
      <h1 className="text-xl font-bold tracking-tight">{messages.routerError}</h1>
      <p className="mt-2 text-sm break-words text-muted-foreground">{describeRouteError(error)}</p>
      <Link to={paths.home.getHref()} className={buttonClasses({ className: 'mt-8' })}>
        {messages.notFound.link}
      </Link>
    </section>
  );
}
