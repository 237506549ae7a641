import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { DEFAULT_PRODUCT_ID, pathTo } from '../paths';
import { providerName } from '../lib/page-meta';
import { useSession } from '../lib/session';
import { NAV_TEXTS } from '../texts';
import { loadCode } from '../lib/code-loading';

const UserMenu = lazy(async () => ({ default: (await loadCode(() => import('./user-menu'))).UserMenu }));

/** The top navigation (§1): visitor links, or the signed-in user's menu. */
export function TopNav() {
  const session = useSession();
  const pid = session.produto?.id ?? DEFAULT_PRODUCT_ID;
  const user = session.status === 'authenticated' ? session.usuario : null;
  // Controlled, so the toggle can say whether the menu is open (react-bootstrap's does not).
  const [expanded, setExpanded] = useState(false);

  return (
    <Navbar
      expand="md"
      bg="body-tertiary"
      className="border-bottom"
      collapseOnSelect
      expanded={expanded}
      onToggle={setExpanded}
    >
      <Container>
        <Navbar.Brand as={Link} to="/">
          {providerName()}
        </Navbar.Brand>
        <Navbar.Toggle
          aria-controls="app-nav"
          aria-expanded={expanded}
          // `label`, not aria-label: react-bootstrap writes its English default over an aria-label.
          label={expanded ? NAV_TEXTS.closeMenu : NAV_TEXTS.openMenu}
        />
        <Navbar.Collapse id="app-nav">
          <Nav className="me-auto">
            {user && (
              <Nav.Link as={NavLink} to={pathTo('dashboard')} eventKey="dashboard">
                {NAV_TEXTS.dashboard}
              </Nav.Link>
            )}
            <Nav.Link as={NavLink} to={pathTo('planos_produto', { pid })} eventKey="planos">
              {NAV_TEXTS.plans}
            </Nav.Link>
            {/* §6 staff (operator ≤ 5); customers' levels start at 10. */}
            {user && user.nivel !== null && user.nivel <= 5 && (
              <Nav.Link as={NavLink} to={pathTo('admin')} eventKey="admin">
                {NAV_TEXTS.admin}
              </Nav.Link>
            )}
          </Nav>
          <Nav>
            {user ? (
              <Suspense fallback={<Navbar.Text>{user.nome}</Navbar.Text>}>
                <UserMenu usuario={user} cliente={session.cliente} pid={pid} />
              </Suspense>
            ) : (
              <Nav.Link
                as={NavLink}
                to={pathTo('login', { pid: DEFAULT_PRODUCT_ID })}
                eventKey="login"
              >
                {NAV_TEXTS.signIn}
              </Nav.Link>
            )}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
