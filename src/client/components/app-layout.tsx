import { Outlet, ScrollRestoration } from 'react-router';
import Container from 'react-bootstrap/Container';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';
import { NAV_TEXTS } from '../texts';

/** The frame around every route, the not-found page included (§2 "the footer shows on every route"). */
export function AppLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable" href="#conteudo">
        {NAV_TEXTS.skipToContent}
      </a>
      <TopNav />
      <main id="conteudo" className="app-main flex-grow-1">
        <Container>
          <Outlet />
        </Container>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
