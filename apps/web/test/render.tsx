import { QueryClient, QueryClientProvider, type DefaultOptions } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AccountSheetProvider } from '@/components/account/account-sheet-provider';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';

/** A fresh query client that never retries, so failures show at once. */
export function createTestQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, ...queries }, mutations: { retry: false } } });
}

/**
 * Renders with a fresh query client that never retries, so failures show at once (or the one given, holding
 * what the test put in its cache), and the app's sign-in sheet.
 */
export function renderWithQueryClient(
  ui: ReactElement,
  { queryClient = createTestQueryClient(), ...options }: RenderOptions & { queryClient?: QueryClient } = {},
) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AccountSheetProvider>{children}</AccountSheetProvider>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

export interface RenderRoutesOptions {
  /** The history the router starts with; it shows the last entry. */
  initialEntries: string[];
  /** Defaults to `createTestQueryClient()`. */
  queryClient?: QueryClient;
  /** The tooltips' open delay, when a test hovers (Radix's own otherwise). */
  tooltipDelayDuration?: number;
  /** Renders the app's toaster beside the routes, for screens that report through toasts. */
  withToaster?: boolean;
}

/** Renders `routes` in a memory router inside the providers the app gives every screen (queries, tooltips, the sign-in sheet). */
export function renderRoutes(routes: RouteObject[], options: RenderRoutesOptions) {
  const { initialEntries, queryClient = createTestQueryClient(), tooltipDelayDuration, withToaster = false } = options;
  const router = createMemoryRouter(routes, { initialEntries });
  const tooltipProps = tooltipDelayDuration === undefined ? {} : { delayDuration: tooltipDelayDuration };
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider {...tooltipProps}>
        <AccountSheetProvider>
          <RouterProvider router={router} />
        </AccountSheetProvider>
        {withToaster && <Toaster />}
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient, ...rendered };
}

/** Kept here for the files that import it from the render helper; it lives with mockApi. */
export { jsonResponse } from './mock-api';
