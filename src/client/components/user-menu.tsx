import { Link } from 'react-router';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { pathTo } from '../paths';
import { useLogout, type SessionClient, type SessionUser } from '../lib/session';
import { Hint } from './hint';
import { HoverNavDropdown } from './hover-nav-dropdown';

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
        <Hint text={`Conta: ${cliente.nome_fantasia}`}>
          {/* Focusable so keyboard users reach the full name in the tooltip too. */}
          <Navbar.Text tabIndex={0} className="app-nav-client text-truncate me-md-2">
            {cliente.nome_fantasia}
          </Navbar.Text>
        </Hint>
      )}
      <HoverNavDropdown id="app-user-menu" title={usuario.nome} align="end">
        <NavDropdown.Item as={Link} to={pathTo('me.meusdados')}>
          Meus dados
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={pathTo('me.twofa')}>
          Gerenciar 2FA
        </NavDropdown.Item>
        <NavDropdown.Item as={Link} to={pathTo('conta_selecionar', { pid })}>
          Trocar conta
        </NavDropdown.Item>
        <NavDropdown.Divider />
        <NavDropdown.Item as="button" disabled={logout.isPending} onClick={() => logout.mutate({})}>
          Logout
        </NavDropdown.Item>
      </HoverNavDropdown>
    </>
  );
}
