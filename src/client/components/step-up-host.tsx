import { lazy, Suspense, useEffect } from 'react';
import { registerStepUpHost, useStepUpRequest } from '../lib/step-up';
import { loadCode } from '../lib/code-loading';

// Loaded the first time a change asks for it: the login route's download stays as it is.
const StepUpDialog = lazy(async () => ({
  default: (await loadCode(() => import('./step-up-dialog'))).StepUpDialog,
}));

/** Mounted once by the app: answers the API client's step-up requests with the dialog. */
export function StepUpHost() {
  const request = useStepUpRequest();
  useEffect(() => registerStepUpHost(), []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog key={request.id} />
    </Suspense>
  );
}
