import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Modal from 'react-bootstrap/Modal';
import { canChangePlan } from '#shared/levels';
import type { PublicPlan, PublicPlanPayment } from '#shared/schemas/plans';
import { BANNER_FLASH_MS, PLANO_MESSAGES } from '#shared/plans';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { notify } from '#client/lib/notices';
import { sessionQuery, useSession, type SessionData } from '#client/lib/session';
import { parsePid, pathTo } from '#client/paths';
import { useAccounts, usePlans } from '../api/get-plans';
import { useProduct } from '#client/lib/product';
import { useCancelPlanChange } from '../api/plan-change';
import { loginEventFor, type Selection } from '../selection';
import { PLANS_TEXTS } from '../texts';
import { PendingChangeBanner } from './pending-change-banner';
import { CANCELLATION_TEXTS, PendingCancellationBanner, useCancellationTerms } from '../../cancellation';
import { PlansTable } from './plans-table';
import '../plans.css';
import { LoadError } from '#client/components/load-error';
import { loadCode } from '#client/lib/code-loading';

const NO_POWER_ID = 'plano-contate-gerente';

// The form, with its city dropdown, loads when a manager chooses a plan: a visitor or a reader of
// the table never needs it (issue 15, the first page's weight).
const PlanSignupForm = lazy(async () => ({
  default: (await loadCode(() => import('./plan-signup-form'))).PlanSignupForm,
}));

/** §6 'Contate seu Gerente': only an account manager (level 10 or lower) changes the plan. */
function ContactManager({ id }: { id?: string }) {
  return (
    <Alert variant="warning" id={id}>
      <Alert.Heading as="h2" className="h5">
        {PLANS_TEXTS.contactManager}
      </Alert.Heading>
      <p className="mb-0">{PLANS_TEXTS.contactManagerText}</p>
    </Alert>
  );
}

/** 'Cancelar assinatura' below the banners, unless a cancellation is already pending. */
function CancelLink({ contratoId, pid }: { contratoId: number; pid: number }) {
  const terms = useCancellationTerms(contratoId);
  if (!terms.data || terms.data.pendente) return null;
  return (
    <p className="text-end">
      <Link className="btn btn-sm btn-outline-danger" to={pathTo('cancelamento', { pid })}>
        {CANCELLATION_TEXTS.link}
      </Link>
    </p>
  );
}

/** planos_produto (§2 /produto/{pid}/planos): the product's plans, for anyone. */
export function PlansPage() {
  const pid = parsePid(useParams().pid);
  return (
    <Page title={PLANS_TEXTS.title}>
      {pid === null ? (
        <Alert variant="warning">{PLANS_TEXTS.invalidProduct}</Alert>
      ) : (
        <Plans pid={pid} />
      )}
    </Page>
  );
}

function Plans({ pid }: { pid: number }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const product = useProduct(pid);
  const plans = usePlans(pid);
  const accounts = useAccounts();
  const cancel = useCancelPlanChange();
  const [selection, setSelection] = useState<Selection | null>(null);
  // A choice made before the session answered: decided once it is known.
  const [waiting, setWaiting] = useState<Selection | null>(null);
  const [visitorModal, setVisitorModal] = useState(false);
  const [flashing, setFlashing] = useState(false);
  const flashTimer = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => window.clearTimeout(flashTimer.current), []);
  useEffect(() => {
    if (selection) formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [selection]);

  const signedIn = session.status === 'authenticated';
  // The session's product is this one: its contract and pending change apply here.
  const here = signedIn && session.produto?.id === pid;
  const pending = here ? session.contrato_evento_aberto : null;
  // §6: below account manager (level 20 and 13), a person sees the plans but cannot choose one;
  // told so before the table, with the buttons disabled.
  const noPower =
    signedIn && session.cliente !== null && !canChangePlan(session.clienteUsuario_nivel);

  /** §4, §6: a visitor gets the modal; a pending change blocks; otherwise the form opens. */
  const decide = (
    known: Pick<SessionData, 'usuario' | 'produto' | 'contrato_evento_aberto'>,
    choice: Selection,
  ) => {
    if (!known.usuario) {
      setVisitorModal(true);
      return;
    }
    if (known.produto?.id === pid && known.contrato_evento_aberto) {
      // §4: blocked while a change is pending; the banner flashes for 1.5 s.
      window.clearTimeout(flashTimer.current);
      setFlashing(false);
      window.requestAnimationFrame(() => setFlashing(true));
      flashTimer.current = window.setTimeout(() => setFlashing(false), BANNER_FLASH_MS);
      document
        .getElementById('mudanca-pendente')
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    setSelection(choice);
  };

  const choose = (plan: PublicPlan, option: PublicPlanPayment) => {
    if (session.status !== 'loading') return decide(session, { plan, option });
    // Whether this is a visitor or a manager is not known yet: the button
    // spins, and the choice is decided by the session's answer.
    setWaiting({ plan, option });
    queryClient.ensureQueryData(sessionQuery).then(
      (known) => {
        setWaiting(null);
        decide(known, { plan, option });
      },
      () => setWaiting(null),
    );
  };

  const cancelPending = () => {
    if (!pending) return;
    cancel.mutate(
      { id: pending.id, evento: loginEventFor(pid) },
      {
        onSuccess: () => {
          notify('success', PLANO_MESSAGES.changeCancelled);
          void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
        },
      },
    );
  };

  if (plans.isPending) return <PageLoading />;
  if (plans.isError) {
    return <LoadError message={PLANS_TEXTS.loadFailed} onRetry={() => void plans.refetch()} />;
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        {product.data && <p className="lead mb-0 me-auto">{product.data.nome}</p>}
        {session.status === 'anonymous' && (
          <>
            <Link className="btn btn-primary" to={pathTo('login', { pid })}>
              {PLANS_TEXTS.login}
            </Link>
            {product.data?.cadastro_permitido && (
              <Link className="btn btn-outline-primary" to={pathTo('conta_criar', { pid })}>
                {PLANS_TEXTS.signUp}
              </Link>
            )}
          </>
        )}
      </div>

      {pending && (
        <PendingChangeBanner
          change={pending}
          flashing={flashing}
          cancelling={cancel.isPending}
          onCancel={cancelPending}
        />
      )}

      {/* Issue 41: a pending cancellation, or the way to cancel, for the contract shown here. */}
      {here && session.contrato && <PendingCancellationBanner contratoId={session.contrato.id} />}
      {here && session.contrato && canChangePlan(session.clienteUsuario_nivel) && (
        <CancelLink contratoId={session.contrato.id} pid={pid} />
      )}

      {noPower && <ContactManager id={NO_POWER_ID} />}

      {plans.data.length === 0 ? (
        <Alert variant="info">{PLANS_TEXTS.empty}</Alert>
      ) : (
        <PlansTable
          plans={plans.data}
          currentPlanId={here ? (session.contrato?.plano.id ?? null) : null}
          currentOptionId={here ? (session.contrato?.plano_pagamento_id ?? null) : null}
          waitingOptionId={waiting?.option.id ?? null}
          blocked={
            noPower ? { reason: PLANS_TEXTS.contactManager, describedBy: NO_POWER_ID } : null
          }
          onChoose={choose}
        />
      )}

      <div ref={formRef}>
        {selection && signedIn && !canChangePlan(session.clienteUsuario_nivel) && (
          <ContactManager />
        )}
        {selection &&
          signedIn &&
          canChangePlan(session.clienteUsuario_nivel) &&
          !session.cliente && (
            <Alert variant="info">
              {PLANS_TEXTS.noClient}{' '}
              <Link className="alert-link" to={pathTo('conta_selecionar', { pid })}>
                {PLANS_TEXTS.selectAccount}
              </Link>
            </Alert>
          )}
        {selection &&
          signedIn &&
          canChangePlan(session.clienteUsuario_nivel) &&
          session.cliente &&
          !pending && (
            <Suspense fallback={<PageLoading />}>
              <PlanSignupForm
                key={`${selection.option.id}`}
                pid={pid}
                selection={selection}
                accounts={accounts.data ?? []}
                clienteId={session.cliente.id}
                contrato={here ? session.contrato : null}
                onChangePlan={() => setSelection(null)}
              />
            </Suspense>
          )}
      </div>

      <Modal
        show={visitorModal}
        onHide={() => setVisitorModal(false)}
        centered
        aria-labelledby="plano-visitante-titulo"
      >
        <Modal.Header closeButton closeLabel={PLANS_TEXTS.close}>
          <Modal.Title as="h2" className="h5" id="plano-visitante-titulo">
            {PLANS_TEXTS.notClient}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{PLANS_TEXTS.notClientText}</Modal.Body>
        <Modal.Footer>
          {product.data?.cadastro_permitido && (
            <Link className="btn btn-outline-primary" to={pathTo('conta_criar', { pid })}>
              {PLANS_TEXTS.signUp}
            </Link>
          )}
          <Link className="btn btn-primary" to={pathTo('login', { pid })}>
            {PLANS_TEXTS.login}
          </Link>
        </Modal.Footer>
      </Modal>
    </>
  );
}
