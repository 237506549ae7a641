import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { canChangePlan } from '#shared/levels';
import { BANNER_FLASH_MS, PLANO_MESSAGES, type PublicPlan, type PublicPlanPayment } from '#shared/schemas/plano';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { notify } from '../../../lib/notices';
import { sessionQuery, useSession } from '../../../lib/session';
import { parsePid, pathTo } from '../../../paths';
import { useAccounts, usePlans } from '../api/get-plans';
import { useProduct } from '../../../lib/product';
import { useCancelPlanChange } from '../api/plan-change';
import { loginEventFor, type Selection } from '../selection';
import { PLANS_TEXTS } from '../texts';
import { PendingChangeBanner } from './pending-change-banner';
import { PlanSignupForm } from './plan-signup-form';
import { PlansTable } from './plans-table';
import '../plans.css';

/** planos_produto (§2 /produto/{pid}/planos): the product's plans, for anyone. */
export function PlansPage() {
  const pid = parsePid(useParams().pid);
  return (
    <Page title={PLANS_TEXTS.title}>
      {pid === null ? <Alert variant="warning">{PLANS_TEXTS.invalidProduct}</Alert> : <Plans pid={pid} />}
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

  const choose = (plan: PublicPlan, option: PublicPlanPayment) => {
    if (!signedIn) {
      setVisitorModal(true);
      return;
    }
    if (pending) {
      // §4: blocked while a change is pending; the banner flashes for 1.5 s.
      window.clearTimeout(flashTimer.current);
      setFlashing(false);
      window.requestAnimationFrame(() => setFlashing(true));
      flashTimer.current = window.setTimeout(() => setFlashing(false), BANNER_FLASH_MS);
      document.getElementById('mudanca-pendente')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    setSelection({ plan, option });
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
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
        <span>{PLANS_TEXTS.loadFailed}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void plans.refetch()}>
          {PLANS_TEXTS.retry}
        </Button>
      </Alert>
    );
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
        <PendingChangeBanner change={pending} flashing={flashing} cancelling={cancel.isPending} onCancel={cancelPending} />
      )}

      {plans.data.length === 0 ? (
        <Alert variant="info">{PLANS_TEXTS.empty}</Alert>
      ) : (
        <PlansTable plans={plans.data} currentPlanId={here ? (session.contrato?.plano.id ?? null) : null} onChoose={choose} />
      )}

      <div ref={formRef}>
        {selection && signedIn && !canChangePlan(session.clienteUsuario_nivel) && (
          <Alert variant="warning" role="alert">
            <Alert.Heading as="h2" className="h5">
              {PLANS_TEXTS.contactManager}
            </Alert.Heading>
            <p className="mb-0">{PLANS_TEXTS.contactManagerText}</p>
          </Alert>
        )}
        {selection && signedIn && canChangePlan(session.clienteUsuario_nivel) && !session.cliente && (
          <Alert variant="info">
            {PLANS_TEXTS.noClient}{' '}
            <Link to={pathTo('conta_selecionar', { pid })}>{PLANS_TEXTS.selectAccount}</Link>
          </Alert>
        )}
        {selection && signedIn && canChangePlan(session.clienteUsuario_nivel) && session.cliente && !pending && (
          <PlanSignupForm
            key={`${selection.option.id}`}
            pid={pid}
            selection={selection}
            accounts={accounts.data ?? []}
            clienteId={session.cliente.id}
            contrato={here ? session.contrato : null}
            onChangePlan={() => setSelection(null)}
          />
        )}
      </div>

      <Modal show={visitorModal} onHide={() => setVisitorModal(false)} centered aria-labelledby="plano-visitante-titulo">
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
