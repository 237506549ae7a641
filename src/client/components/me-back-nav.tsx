import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import { useMeOrigin } from '../lib/me-origin';
import { useResumeLogin } from '../lib/post-login';
import { pathTo } from '../paths';
import { ME_BACK_NAV_TEXTS } from '../texts';

/**
 * The way out of a settings screen opened under /me (§2): back to the login under way (and its
 * settings menu) when the screen was opened from it, otherwise to the dashboard.
 */
export function MeBackNav() {
  const { origin, pid } = useMeOrigin();
  const resume = useResumeLogin(pid);
  if (origin === 'login') {
    return (
      <div className="d-flex flex-wrap gap-2">
        <Button disabled={resume.isPending} onClick={resume.resume}>
          {ME_BACK_NAV_TEXTS.resume}
        </Button>
        <Link className="btn btn-outline-secondary" to={pathTo('me.config', {}, { origin, pid })}>
          {ME_BACK_NAV_TEXTS.backToSettings}
        </Link>
      </div>
    );
  }
  return (
    <Link className="btn btn-outline-secondary" to={pathTo('dashboard')}>
      {ME_BACK_NAV_TEXTS.backToDashboard}
    </Link>
  );
}
