import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { LoadingBar } from './components/loading-bar';
import { StepUpHost } from './components/step-up-host';
import { NoticeViewport } from './lib/notices';
import { queryClient } from './lib/query-client';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The providers around the router. The router is passed in so tests can use a memory router. */
export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LoadingBar />
      <RouterProvider router={router} />
      <NoticeViewport />
      <StepUpHost />
    </QueryClientProvider>
  );
}
