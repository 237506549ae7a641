// First: zod must parse without eval before any schema is built (lib/zod-config.ts).
import './lib/zod-config';
import './styles/bootstrap.scss';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app';
import { readPendingDestinationFrom } from './lib/code-loading';
import { rememberInteraction } from './lib/oidc-interaction';
import { routes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html.');

// The OpenID provider sends the browser here with a full page load (decision 087).
rememberInteraction(window.location.search);

const router = createBrowserRouter(routes);
readPendingDestinationFrom(() => {
  const to = router.state.navigation.location;
  return to ? `${to.pathname}${to.search}${to.hash}` : undefined;
});

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
