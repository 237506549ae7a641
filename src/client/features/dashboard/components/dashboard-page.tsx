import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { formatDate } from '#shared/format';
import { Page } from '../../../components/page';
import { useLogout, useSession } from '../../../lib/session';
import { DEFAULT_PRODUCT_ID, pathTo } from '../../../paths';
import { DASHBOARD_TEXTS } from '../texts';

/**
 * Tokens the product url carries (§3 "query-string tokens"). The cookie session is what
 * counts, so they are dropped from the address bar: they must not linger in the history, in
 * bookmarks or in a shared screenshot.
 */
const TOKEN_PARAMS = [
  'sessao_id',
  'sessao_token',
  'session_id',
  'session_token',
  'evento_id',
  'evento_token',
] as const;

function useStripTokensFromUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!TOKEN_PARAMS.some((name) => params.has(name))) return;
    for (const name of TOKEN_PARAMS) params.delete(name);
    const search = params.toString();
    // replace: the router's history.replaceState, so the entry with the tokens is gone.
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location.pathname, location.search, location.hash, navigate]);
}

/** dashboard (§2; /painel, docs/decisions/008): the demo product 1's url lands here. */
export function DashboardPage() {
  useStripTokensFromUrl();
  const { usuario, cliente, produto, contrato, contrato_evento_aberto: pending } = useSession();
  const pid = produto?.id ?? DEFAULT_PRODUCT_ID;
  const logout = useLogout(pid);
  const meQuery = { origin: 'dashboard', pid };

  return (
    <Page title={DASHBOARD_TEXTS.title}>
      {usuario && <p className="lead">{DASHBOARD_TEXTS.greeting(usuario.nome)}</p>}
      <Row xs={1} md={2} className="g-3 mb-4">
        <Col>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h6 text-body-secondary">
                {DASHBOARD_TEXTS.account}
              </Card.Title>
              {cliente ? (
                <p className="fs-5 mb-0">{cliente.razao_social}</p>
              ) : (
                <p className="mb-0">{DASHBOARD_TEXTS.noAccount}</p>
              )}
              {produto && <p className="small text-body-secondary mb-0">{produto.nome}</p>}
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h6 text-body-secondary">
                {DASHBOARD_TEXTS.plan}
              </Card.Title>
              {contrato ? (
                <>
                  <p className="fs-5 mb-0">{contrato.plano.nome_exibicao}</p>
                  <p className="small text-body-secondary mb-0">
                    {DASHBOARD_TEXTS.period(
                      formatDate(contrato.periodo_inicio),
                      formatDate(contrato.periodo_fim),
                    )}
                  </p>
                  {pending && (
                    <p className="small text-warning-emphasis mb-0">
                      {DASHBOARD_TEXTS.pendingChange(
                        pending.plano.nome_exibicao,
                        pending.plano_pagamento.cobranca_tipo_desc,
                      )}
                      {pending.agendamento_data && `: ${formatDate(pending.agendamento_data)}`}
                    </p>
                  )}
                </>
              ) : (
                <p className="mb-0">{DASHBOARD_TEXTS.noContract}</p>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>

      <nav aria-label={DASHBOARD_TEXTS.links} className="d-flex flex-wrap gap-2">
        <Link className="btn btn-outline-primary" to={pathTo('me.meusdados', {}, meQuery)}>
          {DASHBOARD_TEXTS.profile}
        </Link>
        <Link className="btn btn-outline-primary" to={pathTo('me.twofa', {}, meQuery)}>
          {DASHBOARD_TEXTS.twofa}
        </Link>
        <Link className="btn btn-outline-primary" to={pathTo('planos_produto', { pid })}>
          {DASHBOARD_TEXTS.plans}
        </Link>
        {cliente?.fatura_token && (
          <Link
            className="btn btn-outline-primary"
            to={pathTo('cliente.fatura.index', { token: cliente.fatura_token })}
          >
            {DASHBOARD_TEXTS.invoices}
          </Link>
        )}
        <Link className="btn btn-outline-secondary" to={pathTo('conta_selecionar', { pid })}>
          {DASHBOARD_TEXTS.switchAccount}
        </Link>
        <Button
          variant="outline-danger"
          disabled={logout.isPending}
          onClick={() => logout.mutate({})}
        >
          {DASHBOARD_TEXTS.logout}
        </Button>
      </nav>
    </Page>
  );
}
