import { Link } from 'react-router';
import ListGroup from 'react-bootstrap/ListGroup';
import { Page } from '#client/components/page';
import { useMeOrigin } from '#client/lib/me-origin';
import { useResumeLogin } from '#client/lib/post-login';
import { useLogout } from '#client/lib/session';
import { pathTo } from '#client/paths';
import { SETTINGS_TEXTS } from '../texts';

/** me.config (§2 /me/config?origin&pid): the settings menu. */
export function SettingsPage() {
  const { origin, pid } = useMeOrigin();
  const query = { origin, pid };
  const resume = useResumeLogin(pid);
  const logout = useLogout(pid);
  return (
    <Page title={SETTINGS_TEXTS.title}>
      <ListGroup as="nav" aria-label={SETTINGS_TEXTS.title} className="app-settings-menu">
        <ListGroup.Item action as={Link} to={pathTo('me.meusdados', {}, query)}>
          {SETTINGS_TEXTS.profile}
        </ListGroup.Item>
        <ListGroup.Item action as={Link} to={pathTo('me.twofa', {}, query)}>
          {SETTINGS_TEXTS.twofa}
        </ListGroup.Item>
        <ListGroup.Item action as={Link} to={pathTo('me.seguranca', {}, query)}>
          {SETTINGS_TEXTS.security}
        </ListGroup.Item>
        <ListGroup.Item action as={Link} to={pathTo('me.privacidade', {}, query)}>
          {SETTINGS_TEXTS.privacy}
        </ListGroup.Item>
        {origin === 'login' && (
          <ListGroup.Item
            action
            as="button"
            type="button"
            className="fw-semibold text-primary"
            disabled={resume.isPending}
            onClick={resume.resume}
          >
            {SETTINGS_TEXTS.resume}
          </ListGroup.Item>
        )}
        <ListGroup.Item
          action
          as="button"
          type="button"
          className="text-danger"
          disabled={logout.isPending}
          onClick={() => logout.mutate({})}
        >
          {SETTINGS_TEXTS.logout}
        </ListGroup.Item>
      </ListGroup>
    </Page>
  );
}
