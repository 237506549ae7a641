import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { formatCpfCnpj } from '#shared/cpf-cnpj';
import type { ClientLink } from '#shared/schemas/auth';
import { Page } from '#client/components/page';
import { ApiError, handleApiError } from '#client/lib/api-client';
import { readLoginEvent } from '#client/lib/login-event';
import { notify } from '#client/lib/notices';
import { applyLoginInfo, usePostLoginRouting } from '#client/lib/post-login';
import { useLogout } from '#client/lib/session';
import { parsePid, pathTo } from '#client/paths';
import { useLoginEventInfo, useSelectAccount } from '../api/select-account';
import { SELECT_ACCOUNT_TEXTS } from '../texts';
import { ApplicationAsking } from '../../auth';

/**
 * For the search: lower case and without accents, so 'acai' finds 'Açaí Ltda' (the
 * specification asks for case-insensitive; ignoring accents is our addition).
 */
export function searchKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** conta_selecionar (§2): choose a client account; no login redirect. */
export function SelectAccountPage() {
  const { pid: rawPid } = useParams();
  const pid = parsePid(rawPid);
  if (pid === null) {
    return (
      <Page title={SELECT_ACCOUNT_TEXTS.title}>
        <Alert variant="warning">{SELECT_ACCOUNT_TEXTS.invalidProduct}</Alert>
      </Page>
    );
  }
  return <SelectAccountScreen key={pid} pid={pid} />;
}

function SelectAccountScreen({ pid }: { pid: number }) {
  // The event of this tab's login, when it was for this product (login-event.ts).
  const [ref] = useState(() => {
    const remembered = readLoginEvent();
    return remembered && remembered.pid === pid ? remembered : null;
  });
  const info = useLoginEventInfo(ref);
  const logout = useLogout(pid);

  return (
    <Page title={SELECT_ACCOUNT_TEXTS.title}>
      <ApplicationAsking />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <p className="mb-0">{SELECT_ACCOUNT_TEXTS.intro}</p>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={logout.isPending}
          onClick={() => logout.mutate({})}
        >
          {SELECT_ACCOUNT_TEXTS.logout}
        </Button>
      </div>
      {ref === null ? (
        <BackToLogin pid={pid} text={SELECT_ACCOUNT_TEXTS.noEvent} />
      ) : info.isPending ? (
        <div className="text-center py-4">
          <Spinner animation="border" role="status" size="sm">
            <span className="visually-hidden">{SELECT_ACCOUNT_TEXTS.loading}</span>
          </Spinner>
        </div>
      ) : info.isError ? (
        <BackToLogin pid={pid} text={SELECT_ACCOUNT_TEXTS.eventFailed} />
      ) : (
        <AccountChooser
          pid={pid}
          links={info.data.clientes}
          canCreate={!info.data.produto.cadastro_usuario_inativo}
        />
      )}
    </Page>
  );
}

function BackToLogin({ pid, text }: { pid: number; text: string }) {
  return (
    <Alert variant="warning">
      <p>{text}</p>
      <Link className="alert-link" to={pathTo('login', { pid })}>
        {SELECT_ACCOUNT_TEXTS.backToLogin}
      </Link>
    </Alert>
  );
}

function AccountChooser({
  pid,
  links,
  canCreate,
}: {
  pid: number;
  links: readonly ClientLink[];
  canCreate: boolean;
}) {
  const [search, setSearch] = useState('');
  const selection = useSelectAccount();
  const route = usePostLoginRouting();
  const visible = useMemo(() => {
    const key = searchKey(search);
    return key ? links.filter((link) => searchKey(link.cliente.razao_social).includes(key)) : links;
  }, [links, search]);
  // Stays busy after success too: the page is about to change.
  const busy = selection.isPending || selection.isSuccess;

  const choose = (link: ClientLink) => {
    selection.mutate(
      { gl_cliente_usuario_id: link.id },
      {
        onSuccess: (answer) => {
          applyLoginInfo(answer);
          route(answer);
        },
        onError: (error) => {
          // A session that ended goes home as everywhere else (§8).
          if (
            error instanceof ApiError &&
            (error.kind === 'session-expired' || error.kind === 'not-logged-in')
          ) {
            handleApiError(error);
            return;
          }
          notify('danger', SELECT_ACCOUNT_TEXTS.selectionFailed(error.message));
        },
      },
    );
  };

  return (
    <>
      <Form.Group className="mb-3" controlId="select-account-search">
        <Form.Label visuallyHidden>{SELECT_ACCOUNT_TEXTS.search}</Form.Label>
        <Form.Control
          type="search"
          placeholder={SELECT_ACCOUNT_TEXTS.search}
          value={search}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </Form.Group>
      {visible.length === 0 && <p className="text-muted">{SELECT_ACCOUNT_TEXTS.noResults}</p>}
      <Row xs={1} md={2} lg={3} className="g-3" role="group" aria-label={SELECT_ACCOUNT_TEXTS.accounts}>
        {visible.map((link) => (
          <Col key={link.id}>
            <Card
              as="button"
              type="button"
              className="h-100 w-100 text-start"
              disabled={busy}
              onClick={() => choose(link)}
            >
              {/* Spans: a button holds phrasing content only. */}
              <Card.Body as="span" className="d-block">
                <Card.Title as="span" className="d-block h6">
                  {link.cliente.razao_social}
                </Card.Title>
                {link.cliente.cpfcnpj && (
                  <Card.Text as="span" className="d-block text-muted small">
                    {formatCpfCnpj(link.cliente.cpfcnpj)}
                  </Card.Text>
                )}
              </Card.Body>
            </Card>
          </Col>
        ))}
        {canCreate && (
          <Col>
            <Card className="h-100">
              <Card.Body className="d-flex align-items-center">
                <Link className="stretched-link" to={pathTo('conta_criar_logado', { pid })}>
                  {SELECT_ACCOUNT_TEXTS.createAccount}
                </Link>
              </Card.Body>
            </Card>
          </Col>
        )}
      </Row>
    </>
  );
}
