import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AccountSheetProvider } from '@/components/account/account-sheet-provider';
import { Toaster } from '@/components/ui/toaster';
import { createDesignSteps, paths, type CreateDesignStep } from '@/config/paths';
import { questionsQueryOptions } from '../api/get-questions';
import { spacesQueryOptions } from '@/lib/api/get-spaces';
import { templatesQueryOptions } from '../api/get-templates';
import { CreateDesignScreen } from '../components/create-design-screen';
import { refreshCreateDraft } from '../stores/create-draft';
import { fixtures } from './fake-api';

/** Shows where the router is, so a test can see redirects as a person sees the page change. */
function WhereAmI() {
  const location = useLocation();
  return <output aria-label="Current path">{location.pathname}</output>;
}

/** The create flow behind a memory router, in React strict mode, as the app mounts it. */
export function renderCreateFlow(step: CreateDesignStep, options: { state?: unknown; cached?: boolean } = {}) {
  // as a page load does: the drafts are what storage holds now
  refreshCreateDraft();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (options.cached) {
    // as when the person arrives from step 3: the step's data is already in the cache at first render
    queryClient.setQueryData(questionsQueryOptions('interior').queryKey, fixtures.questions);
    queryClient.setQueryData(templatesQueryOptions('interior').queryKey, fixtures.templates);
    queryClient.setQueryData(spacesQueryOptions('interior').queryKey, fixtures.spaces);
  }
  const router = createMemoryRouter(
    [
      { path: paths.home.path, element: <WhereAmI /> },
      ...createDesignSteps.map((each) => ({
        path: paths.createDesign.step(each),
        element: (
          <>
            <WhereAmI />
            <CreateDesignScreen step={each} />
          </>
        ),
      })),
    ],
    { initialEntries: [{ pathname: paths.createDesign.step(step), state: options.state }] },
  );
  const result = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AccountSheetProvider>
          <RouterProvider router={router} />
        </AccountSheetProvider>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...result, router, queryClient };
}
