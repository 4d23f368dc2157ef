import { messages } from '@dwellscape/shared';
import { House } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** docs/product.md §2: any other path shows '404 Oops! Page not found' with a link home. */
export function NotFoundPage() {
  return (
    <section className="flex min-h-[60dvh] flex-col items-center justify-center text-center animate-fade-up">
      <h1 className="flex flex-col items-center gap-3">
        <span className="text-8xl leading-none font-extrabold tracking-tighter text-primary">
          {messages.notFound.code}
        </span>{' '}
        <span className="text-xl font-semibold tracking-tight">{messages.notFound.title}</span>
      </h1>
      <p className="mt-3 max-w-xs text-sm text-muted-foreground">
        The page you are looking for has moved or never existed.
      </p>
      <Link to={paths.home.getHref()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
        <House className="size-5" aria-hidden />
        {messages.notFound.link}
      </Link>
    </section>
  );
}
