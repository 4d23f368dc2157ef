import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { createDesignSteps, paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

const stripLeadingSlash = (path: string) => path.replace(/^\//, '');

// screens load on first visit, so the gate and the shell stay small
const screenRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('@/features/feed/components/feed-screen')).FeedScreen }) },
  {
    path: stripLeadingSlash(paths.search.path),
    lazy: async () => ({ Component: (await import('@/features/search/components/search-screen')).SearchScreen }),
  },
  {
    path: stripLeadingSlash(paths.profile.path),
    lazy: async () => ({ Component: (await import('@/features/profile/components/profile-screen')).ProfileScreen }),
  },
  {
    path: stripLeadingSlash(paths.createDesign.path),
    children: [
      { index: true, element: <Navigate to={paths.createDesign.step('start')} replace /> },
      ...createDesignSteps.map(
        (step): RouteObject => ({
          path: step,
          lazy: async () => {
            const { CreateDesignScreen } = await import('@/features/create-design/components/create-design-screen');
            return { Component: () => <CreateDesignScreen step={step} /> };
          },
        }),
      ),
    ],
  },
  {
    path: stripLeadingSlash(paths.shopDesign.path),
    lazy: async () => ({ Component: (await import('@/features/shop-design/components/shop-design-screen')).ShopDesignScreen }),
  },
  {
    path: stripLeadingSlash(paths.post.path),
    lazy: async () => ({ Component: (await import('@/features/post/components/post-screen')).PostScreen }),
  },
  {
    path: stripLeadingSlash(paths.activity.path),
    lazy: async () => ({ Component: (await import('@/features/activity/components/activity-screen')).ActivityScreen }),
  },
  {
    path: stripLeadingSlash(paths.purchase.path),
    lazy: async () => ({ Component: (await import('@/features/purchase/components/purchase-screen')).PurchaseScreen }),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const appRoutes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <ScreenLoading />,
    // a failing screen keeps the header and navigation around it
    children: [{ errorElement: <RouteErrorPage />, children: screenRoutes }],
  },
];

function ScreenLoading() {
  return (
    <div className="grid min-h-dvh place-items-center text-primary">
      <Spinner className="size-6" label="Loading" />
    </div>
  );
}

let router: ReturnType<typeof createBrowserRouter> | null = null;

// one router for the page's life: the gate can come back (an expired session) without a second history listener
function getRouter() {
  router ??= createBrowserRouter(appRoutes);
  return router;
}

export function AppRouter() {
  return <RouterProvider router={getRouter()} />;
}
