import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Dropdown from 'react-bootstrap/Dropdown';
import Row from 'react-bootstrap/Row';
import { daysBetween, todayInSaoPaulo } from '#shared/dates';
import { formatDate, formatDateTime, formatMoney } from '#shared/format';
import type { PainelResumoDto } from '#shared/schemas/dashboard';
import { LEVEL_CAN_INVITE } from '#shared/schemas/people';
import { LoadError } from '#client/components/load-error';
import { PageLoading } from '#client/components/page-loading';
import { Page } from '#client/components/page';
import { useLogout, useSession } from '#client/lib/session';
import { DEFAULT_PRODUCT_ID, pathTo } from '#client/paths';
import { CANCELLATION_TEXTS, PendingCancellationBanner, useCancellationTerms } from '../../cancellation';
import { BoletoModal, PixPaymentModal } from '../../invoices';
import { useDashboardSummary } from '../api/get-summary';
import { DASHBOARD_TEXTS, SUMMARY_TEXTS } from '../texts';

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

type NextInvoice = NonNullable<NonNullable<PainelResumoDto['em_aberto']>['proxima']>;

/**
 * 'Pagar' on the next invoice: with PIX or a boleto alone it opens that one; with both (issue 40)
 * it is a small choice, 'Pagar com PIX' or 'Pagar com boleto'. Nothing when it has neither.
 */
function PayButton({
  next,
  onPayPix,
  onPayBoleto,
}: {
  next: NextInvoice;
  onPayPix: (faturaId: number) => void;
  onPayBoleto: (faturaId: number) => void;
}) {
  if (next.pix && next.boleto) {
    return (
      <Dropdown>
        <Dropdown.Toggle variant="success" id="painel-pagar">
          {SUMMARY_TEXTS.pay}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item as="button" onClick={() => onPayPix(next.id)}>
            {SUMMARY_TEXTS.payWithPix}
          </Dropdown.Item>
          <Dropdown.Item as="button" onClick={() => onPayBoleto(next.id)}>
            {SUMMARY_TEXTS.payWithBoleto}
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
    );
  }
  if (!next.pix && !next.boleto) return null;
  return (
    <Button variant="success" onClick={() => (next.pix ? onPayPix : onPayBoleto)(next.id)}>
      {SUMMARY_TEXTS.pay}
    </Button>
  );
}

/** 'Em aberto' (issue 39): what the client owes, since when, and 'Pagar' on the next invoice. */
function OwedCard({
  owed,
  invoicesPath,
  onPayPix,
  onPayBoleto,
}: {
  owed: NonNullable<PainelResumoDto['em_aberto']>;
  invoicesPath: string | null;
  onPayPix: (faturaId: number) => void;
  onPayBoleto: (faturaId: number) => void;
}) {
  const next = owed.proxima;
  const overdueDays = owed.vencida_desde ? daysBetween(owed.vencida_desde, todayInSaoPaulo()) : 0;
  return (
    // The border class written out: react-bootstrap's `border` prop composes it at run time,
    // where the stylesheet's purge (decision 085) cannot see it.
    <Card className={owed.vencidas > 0 ? 'h-100 app-owed-card border-danger' : 'h-100 app-owed-card'}>
      <Card.Body>
        <Card.Title as="h2" className="h6 text-body-secondary">
          {SUMMARY_TEXTS.owed}
        </Card.Title>
        {owed.quantidade === 0 ? (
          <p className="mb-0">{SUMMARY_TEXTS.nothingOwed}</p>
        ) : (
          <>
            <p className="fs-3 fw-semibold mb-1 app-owed-total">{formatMoney(owed.total)}</p>
            <p className="small mb-1">{SUMMARY_TEXTS.openCount(owed.quantidade)}</p>
            {owed.vencidas > 0 && (
              <p className="small text-danger-emphasis mb-1">
                {SUMMARY_TEXTS.overdue(owed.vencidas, overdueDays)}
              </p>
            )}
            {next && (
              <p className="small text-body-secondary mb-2">
                {SUMMARY_TEXTS.nextDue(formatDate(next.data_vencimento), formatMoney(next.valor))}
              </p>
            )}
          </>
        )}
        <div className="d-flex flex-wrap gap-2">
          {next && <PayButton next={next} onPayPix={onPayPix} onPayBoleto={onPayBoleto} />}
          {invoicesPath && (
            <Link className="btn btn-outline-primary" to={invoicesPath}>
              {SUMMARY_TEXTS.seeInvoices}
            </Link>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}

/** The plan: name, price, period, renewal, payment method, a pending change and its action. */
function PlanCard({ summary, pid }: { summary: PainelResumoDto | undefined; pid: number }) {
  const { contrato: sessionContract, contrato_evento_aberto: pending } = useSession();
  const contrato = summary?.contrato;
  const change = summary?.mudanca_pendente;
  const plansPath = pathTo('planos_produto', { pid });
  const canChange = summary?.pode_mudar_plano ?? false;
  // Issue 41: 'Cancelar assinatura' for a manager, or the pending cancellation's banner.
  const cancellation = useCancellationTerms(sessionContract?.id ?? null);
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h6 text-body-secondary">
          {DASHBOARD_TEXTS.plan}
        </Card.Title>
        {sessionContract ? (
          <>
            <p className="fs-5 mb-0">{sessionContract.plano.nome_exibicao}</p>
            {contrato && (
              <p className="mb-0">
                {SUMMARY_TEXTS.price(formatMoney(contrato.valor), contrato.cobranca_tipo_desc)}
              </p>
            )}
            <p className="small text-body-secondary mb-0">
              {DASHBOARD_TEXTS.period(
                formatDate(sessionContract.periodo_inicio),
                formatDate(sessionContract.periodo_fim),
              )}
            </p>
            {contrato && (
              <>
                <p className="small text-body-secondary mb-0">
                  {SUMMARY_TEXTS.renewal(formatDate(contrato.renovacao))}
                </p>
                <p className="small text-body-secondary mb-0">
                  {contrato.forma_pagamento
                    ? SUMMARY_TEXTS.paymentMethod(contrato.forma_pagamento)
                    : SUMMARY_TEXTS.free}
                </p>
              </>
            )}
            {change ? (
              <p className="small text-warning-emphasis mb-0 mt-2">
                {SUMMARY_TEXTS.change(change.plano_atual, change.plano_novo, change.cobranca_tipo_desc)}{' '}
                {change.agendamento_data
                  ? SUMMARY_TEXTS.changeWhen(formatDate(change.agendamento_data))
                  : SUMMARY_TEXTS.changeNow}
              </p>
            ) : (
              pending && (
                <p className="small text-warning-emphasis mb-0">
                  {DASHBOARD_TEXTS.pendingChange(
                    pending.plano.nome_exibicao,
                    pending.plano_pagamento.cobranca_tipo_desc,
                  )}
                  {pending.agendamento_data && `: ${formatDate(pending.agendamento_data)}`}
                </p>
              )
            )}
            {canChange && (
              <div className="d-flex flex-wrap gap-2 mt-2">
                <Link className="btn btn-sm btn-outline-primary" to={plansPath}>
                  {change ? SUMMARY_TEXTS.manageChange : SUMMARY_TEXTS.changePlan}
                </Link>
                {cancellation.data && !cancellation.data.pendente && (
                  <Link className="btn btn-sm btn-outline-danger" to={pathTo('cancelamento', { pid })}>
                    {CANCELLATION_TEXTS.link}
                  </Link>
                )}
              </div>
            )}
            <PendingCancellationBanner contratoId={sessionContract.id} />
          </>
        ) : (
          <>
            <p className="mb-0">{DASHBOARD_TEXTS.noContract}</p>
            {canChange && (
              <Link className="btn btn-sm btn-primary mt-2" to={plansPath}>
                {SUMMARY_TEXTS.choosePlan}
              </Link>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/** dashboard (§2; /painel, docs/decisions/008): the demo product 1's url lands here. */
export function DashboardPage() {
  useStripTokensFromUrl();
  const { usuario, cliente, produto, clienteUsuario_nivel: nivel } = useSession();
  // Issue 41 item 3: supervisors and managers of the account see its people (§6; a staff
  // level gives no customer powers, so the level in the client decides).
  const seesPeople = nivel !== null && nivel <= LEVEL_CAN_INVITE;
  const pid = produto?.id ?? DEFAULT_PRODUCT_ID;
  const logout = useLogout(pid);
  const meQuery = { origin: 'dashboard', pid };
  const [paying, setPaying] = useState<number | null>(null);
  const [boletoOf, setBoletoOf] = useState<number | null>(null);
  const summary = useDashboardSummary(cliente?.id ?? null, paying !== null);
  const owed = summary.data?.em_aberto ?? null;
  // The summary's next invoice changed (or there is none): the one being paid was confirmed.
  const paid = paying !== null && summary.isFetched && owed?.proxima?.id !== paying;
  const token = cliente?.fatura_token ?? null;
  const invoicesPath = token ? pathTo('cliente.fatura.index', { token }) : null;
  const showSwitch = (summary.data?.contas ?? 0) > 1;

  return (
    <Page title={DASHBOARD_TEXTS.title}>
      {usuario && <p className="lead">{DASHBOARD_TEXTS.greeting(usuario.nome)}</p>}
      {summary.data?.exclusao_agendada && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="status">
          <span>{SUMMARY_TEXTS.deletion(formatDateTime(summary.data.exclusao_agendada))}</span>
          <Link className="btn btn-sm btn-outline-dark" to={pathTo('me.privacidade', {}, meQuery)}>
            {SUMMARY_TEXTS.manageDeletion}
          </Link>
        </div>
      )}
      <Row xs={1} md={2} lg={3} className="g-3 mb-4">
        {cliente && (
          <Col>
            {summary.isPending && <PageLoading />}
            {summary.isError && (
              <LoadError message={SUMMARY_TEXTS.loadFailed} onRetry={() => void summary.refetch()} />
            )}
            {owed && (
              <OwedCard
                owed={owed}
                invoicesPath={invoicesPath}
                onPayPix={setPaying}
                onPayBoleto={setBoletoOf}
              />
            )}
          </Col>
        )}
        <Col>
          <PlanCard summary={summary.data} pid={pid} />
        </Col>
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
        {cliente && (
          <Link className="btn btn-outline-primary" to={pathTo('dados_empresa')}>
            {DASHBOARD_TEXTS.companyData}
          </Link>
        )}
        {cliente && seesPeople && (
          <Link className="btn btn-outline-primary" to={pathTo('pessoas_conta')}>
            {DASHBOARD_TEXTS.people}
          </Link>
        )}
        {invoicesPath && (
          <Link className="btn btn-outline-primary" to={invoicesPath}>
            {DASHBOARD_TEXTS.invoices}
          </Link>
        )}
        {showSwitch && (
          <Link className="btn btn-outline-secondary" to={pathTo('conta_selecionar', { pid })}>
            {DASHBOARD_TEXTS.switchAccount}
          </Link>
        )}
        <Button
          variant="outline-danger"
          disabled={logout.isPending}
          onClick={() => logout.mutate({})}
        >
          {DASHBOARD_TEXTS.logout}
        </Button>
      </nav>
      {token && (
        <>
          <PixPaymentModal
            token={token}
            faturaId={paying}
            paid={paid}
            onHide={() => setPaying(null)}
          />
          <BoletoModal token={token} faturaId={boletoOf} onHide={() => setBoletoOf(null)} />
        </>
      )}
    </Page>
  );
}
