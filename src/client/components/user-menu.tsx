import { Link } from 'react-router';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { pathTo } from '../paths';
import { useLogout, type SessionClient, type SessionUser } from '../lib/session';
import { Hint } from './hint';
import { HoverNavDropdown } from './hover-nav-dropdown';
import { NAV_TEXTS } from '../texts';

/**
 * The signed-in user's part of the top navigation. Loaded on demand by TopNav: a visitor's
 * first page (the login) does not download the dropdown and tooltip code (Popper included).
 */
export function UserMenu({
  usuario,
  cliente,
  pid,
}: {
  usuario: SessionUser;
  cliente: SessionClient | null;
  pid: number;
}) {
  const logout = useLogout(pid);
  return (
    <>
      {cliente && (
        // Not focusable: it does nothing. A long name is cut on the screen only; screen
        // readers read it whole, and the mouse shows it whole in the tooltip.
        <Hint text={`Conta: ${cliente.nome_fantasia}`} placement="bottom">
          <Navbar.Text className="app-nav-client text-truncate me-md-2">
            {cliente.nome_fantasia}
          </Navbar.Text>
        </Hint>
      )}
      <HoverNavDropdown id="app-user-menu" title={usuario.nome} align="end">
        <NavDropdown.Item as={Link} to={pathTo('me.meusdados')}>
          {NAV_TEXTS.profile}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={pathTo('me.twofa')}>
          {NAV_TEXTS.twofa}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={pathTo('me.seguranca')}>
          {NAV_TEXTS.security}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={pathTo('me.privacidade')}>
          {NAV_TEXTS.privacy}
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={pathTo('conta_selecionar', { pid })}>
          {NAV_TEXTS.switchAccount}
        </NavDropdown.Item>
        <NavDropdown.Divider />
        <NavDropdown.Item as="button" disabled={logout.isPending} onClick={() => logout.mutate({})}>
          {NAV_TEXTS.logout}
        </NavDropdown.Item>
      </HoverNavDropdown>
    </>
  );
}
