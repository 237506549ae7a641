import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { CLIENT_TEXTS } from '../texts';

/** §2 "a loading indicator shows during calls": a thin bar on top while any call is in flight. */
export function LoadingBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  if (!busy) return null;
  return (
    <div className="app-loading-bar" role="progressbar" aria-label={CLIENT_TEXTS.loading}>
      <div className="app-loading-bar__fill" />
    </div>
  );
}
