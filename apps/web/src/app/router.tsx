import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { createDesignSteps, paths } from '@/config/paths';
import { FeedScreen } from '@/features/feed/components/feed-screen';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import { ScreenLoading } from './routes/screen-loading';

const stripLeadingSlash = (path: string) => path.replace(/^\//, '');

// Home (the feed) comes with the shell, in one download after the gate; every other screen loads on
// first visit. A screen opened by a link loads while the previous one stays on view; one opened first
// shows its skeleton inside the shell.
const screenRoutes: RouteObject[] = [
  { index: true, element: <FeedScreen /> },
  {
    path: stripLeadingSlash(paths.search.path),
    lazy: async () => ({ Component: (await import('@/features/search/components/search-screen')).SearchScreen }),
  },
  {
    path: stripLeadingSlash(paths.currentProfile.path),
    lazy: async () => ({
      Component: (await import('@/features/profile/components/current-profile-screen')).CurrentProfileScreen,
    }),
  },
  {
    path: stripLeadingSlash(paths.profile.path),
    lazy: async () => ({ Component: (await import('@/features/profile/components/profile-screen')).ProfileScreen }),
  },
  {
    path: stripLeadingSlash(paths.createDesign.path),
    children: [
      { index: true, element: <Navigate to={paths.createDesign.step('start')} replace /> },
      ...createDesignSteps.map((step): RouteObject => ({
        path: step,
        lazy: async () => {
          const { CreateDesignScreen } = await import('@/features/create-design/components/create-design-screen');
          return { Component: () => <CreateDesignScreen step={step} /> };
        },
      })),
    ],
  },
  {
    path: stripLeadingSlash(paths.shopDesign.path),
    lazy: async () => {
      // see-in-space is the create flow's steps on the design's products: one component tree for both flows
      const [{ ShopDesignScreen }, { SeeInSpaceFlow }] = await Promise.all([
        import('@/features/shop-design/components/shop-design-screen'),
        import('@/features/create-design/components/see-in-space-flow'),
      ]);
      return { element: <ShopDesignScreen SeeInSpace={SeeInSpaceFlow} /> };
    },
  },
  {
    path: stripLeadingSlash(paths.post.path),
    hydrateFallbackElement: <ScreenLoading />,
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
  {
    path: stripLeadingSlash(paths.orders.path),
    lazy: async () => ({ Component: (await import('@/features/orders/components/orders-screen')).OrdersScreen }),
  },
  {
    path: stripLeadingSlash(paths.earnings.path),
    lazy: async () => ({ Component: (await import('@/features/earnings/components/earnings-screen')).EarningsScreen }),
  },
  { path: '*', element: <NotFoundPage /> },
];

export const appRoutes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // a failing screen keeps the header and navigation around it
    children: [
      {
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <ScreenLoading shape="rows" />,
        children: screenRoutes,
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

// one router for the page's life: the gate can come back (an expired session) without a second history listener
function getRouter() {
  router ??= createBrowserRouter(appRoutes);
  return router;
}

/** Starts the router before it is shown (during the gate's unlock transition): the first screen's code starts loading at once. */
export function startRouter() {
  getRouter();
}

export function AppRouter() {
  return <RouterProvider router={getRouter()} />;
}
