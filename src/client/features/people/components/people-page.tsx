import '#shared/zod-locale';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { EMAIL_MAX } from '#shared/fields';
import { formatDateTime } from '#shared/format';
import {
  ACCOUNT_LEVELS,
  accountLevelName,
  InvitationRequestSchema,
  type AccountLevel,
  type InvitationDto,
  type InvitationRequest,
  type PeopleDto,
  type PersonDto,
} from '#shared/schemas/people';
import { BusyButton } from '#client/components/busy-button';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { FieldFrame, fieldControlProps } from '#client/components/field-frame';
import { LoadError } from '#client/components/load-error';
import { Page } from '#client/components/page';
import { PageLoading } from '#client/components/page-loading';
import { RecordTable } from '#client/components/record-table';
import { cellLabel } from '#client/components/stacked-table';
import { TextField } from '#client/components/text-field';
import { applyFieldErrors } from '#client/lib/api-client';
import { sessionQuery, setSession, useSession } from '#client/lib/session';
import { DEFAULT_PRODUCT_ID, pathTo } from '#client/paths';
import {
  useCancelInvitation,
  useChangeLevel,
  useInvite,
  usePeople,
  useRemovePerson,
} from '../api/people';
import { PEOPLE_TEXTS } from '../texts';

const DEFAULT_LEVEL: AccountLevel = 20;

/** The levels the caller may give: none stronger (lower) than their own (§6). */
function levelsUpTo(meuNivel: number): AccountLevel[] {
  return ACCOUNT_LEVELS.filter((level) => level >= meuNivel);
}

/** The account level a stored level falls in (§6 "≤"), for a select's current value. */
function levelOf(nivel: number): AccountLevel {
  return ACCOUNT_LEVELS.find((level) => nivel <= level) ?? DEFAULT_LEVEL;
}

/** People plus the invitations still open: what the plan's user limit counts. */
function usersInUse(data: PeopleDto): number {
  return data.pessoas.length + data.convites.filter((convite) => !convite.expirado).length;
}

function LevelOptions({ levels }: { levels: readonly AccountLevel[] }) {
  return levels.map((level) => (
    <option key={level} value={level}>
      {accountLevelName(level)}
    </option>
  ));
}

/** 'Alterar nível': the person's level, among those the caller may give. */
function LevelDialog({
  clienteId,
  person,
  levels,
  onClose,
}: {
  clienteId: number;
  person: PersonDto;
  levels: readonly AccountLevel[];
  onClose: () => void;
}) {
  const change = useChangeLevel(clienteId);
  const [nivel, setNivel] = useState<number>(levelOf(person.nivel));
  const id = `pessoa-${person.id}-nivel`;
  return (
    <ConfirmDialog
      show
      title={PEOPLE_TEXTS.changeLevel}
      confirmLabel={PEOPLE_TEXTS.save}
      busy={change.isPending}
      onCancel={onClose}
      onConfirm={() => change.mutate({ pessoaId: person.id, nivel }, { onSuccess: onClose })}
    >
      <FieldFrame id={id} label={PEOPLE_TEXTS.levelOf(person.nome)} className="mb-0">
        <select
          value={nivel}
          onChange={(event) => setNivel(Number(event.target.value))}
          {...fieldControlProps(id, { error: undefined, baseClass: 'form-select' })}
        >
          <LevelOptions levels={levels} />
        </select>
      </FieldFrame>
    </ConfirmDialog>
  );
}

function PeopleTable({
  clienteId,
  data,
  razaoSocial,
}: {
  clienteId: number;
  data: PeopleDto;
  razaoSocial: string;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pid = session.produto?.id ?? DEFAULT_PRODUCT_ID;
  const [changing, setChanging] = useState<PersonDto | null>(null);
  const [removing, setRemoving] = useState<PersonDto | null>(null);
  const remove = useRemovePerson(clienteId, () => {
    // No longer in this account: the session has no client now, so the next check is no takeover (§4).
    setSession({
      usuario: session.usuario,
      cliente: null,
      clienteUsuario_nivel: null,
      contrato: null,
      contrato_evento_aberto: null,
    });
    void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    void navigate(pathTo('conta_selecionar', { pid }));
  });
  const levels = levelsUpTo(data.meu_nivel);
  return (
    <>
      <RecordTable
        label={PEOPLE_TEXTS.peopleTitle}
        headers={[
          PEOPLE_TEXTS.name,
          PEOPLE_TEXTS.email,
          PEOPLE_TEXTS.level,
          PEOPLE_TEXTS.lastAccess,
        ]}
        actionsLabel={PEOPLE_TEXTS.actions}
      >
        {data.pessoas.map((person) => (
          <tr key={person.id} aria-current={person.eu ? 'true' : undefined}>
            <td>
              {person.nome}
              {person.eu && <span className="text-body-secondary"> {PEOPLE_TEXTS.you}</span>}
            </td>
            <td {...cellLabel(PEOPLE_TEXTS.email)}>{person.email}</td>
            <td {...cellLabel(PEOPLE_TEXTS.level)}>{accountLevelName(person.nivel)}</td>
            <td {...cellLabel(PEOPLE_TEXTS.lastAccess)}>
              {person.ultimo_acesso ? formatDateTime(person.ultimo_acesso) : PEOPLE_TEXTS.never}
            </td>
            <td className="text-end">
              {data.pode_gerenciar && (
                <div className="d-flex flex-wrap justify-content-end gap-2">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    disabled={person.nivel < data.meu_nivel}
                    onClick={() => setChanging(person)}
                  >
                    {PEOPLE_TEXTS.changeLevel}
                    <span className="visually-hidden"> {person.nome}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={remove.isPending && remove.variables.id === person.id}
                    onClick={() => setRemoving(person)}
                  >
                    {person.eu ? PEOPLE_TEXTS.leave : PEOPLE_TEXTS.remove}
                    {!person.eu && <span className="visually-hidden"> {person.nome}</span>}
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </RecordTable>
      {changing && (
        <LevelDialog
          key={changing.id}
          clienteId={clienteId}
          person={changing}
          levels={levels}
          onClose={() => setChanging(null)}
        />
      )}
      <ConfirmDialog
        show={removing !== null}
        title={removing?.eu ? PEOPLE_TEXTS.leaveTitle : PEOPLE_TEXTS.removeTitle}
        confirmLabel={removing?.eu ? PEOPLE_TEXTS.leave : PEOPLE_TEXTS.remove}
        confirmVariant="danger"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing, { onSettled: () => setRemoving(null) });
        }}
      >
        {removing &&
          (removing.eu
            ? PEOPLE_TEXTS.leaveText(razaoSocial)
            : PEOPLE_TEXTS.removeText(removing.nome))}
      </ConfirmDialog>
    </>
  );
}

/** 'Convidar pessoa': an e-mail and a level no stronger than the caller's. */
function InviteForm({ clienteId, meuNivel }: { clienteId: number; meuNivel: number }) {
  const invite = useInvite(clienteId);
  const levels = levelsUpTo(meuNivel);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InvitationRequest, unknown, { email: string; nivel: AccountLevel }>({
    resolver: zodResolver(InvitationRequestSchema),
    defaultValues: {
      email: '',
      nivel: levels.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : levels.at(-1),
    },
  });
  const onSubmit = handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => applyFieldErrors(setError, error),
    }),
  );
  const levelError = errors.nivel?.message;
  return (
    <form
      noValidate
      aria-label={PEOPLE_TEXTS.inviteTitle}
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="row">
        <TextField
          id="convite-email"
          required
          className="mb-3 col-md-7"
          type="email"
          autoComplete="off"
          maxLength={EMAIL_MAX}
          label={PEOPLE_TEXTS.email}
          registration={register('email')}
          error={errors.email?.message}
        />
        <FieldFrame
          id="convite-nivel"
          required
          label={PEOPLE_TEXTS.level}
          error={levelError}
          className="mb-3 col-md-5"
        >
          <select
            {...register('nivel')}
            {...fieldControlProps('convite-nivel', {
              error: levelError,
              required: true,
              baseClass: 'form-select',
            })}
          >
            <LevelOptions levels={levels} />
          </select>
        </FieldFrame>
      </div>
      <BusyButton type="submit" busy={invite.isPending}>
        {PEOPLE_TEXTS.inviteSubmit}
      </BusyButton>
    </form>
  );
}

function Invitations({ clienteId, data }: { clienteId: number; data: PeopleDto }) {
  const cancel = useCancelInvitation(clienteId);
  const [cancelling, setCancelling] = useState<InvitationDto | null>(null);
  if (data.convites.length === 0)
    return <p className="text-body-secondary">{PEOPLE_TEXTS.invitationsNone}</p>;
  return (
    <>
      <RecordTable
        label={PEOPLE_TEXTS.invitationsTitle}
        headers={[
          PEOPLE_TEXTS.email,
          PEOPLE_TEXTS.level,
          PEOPLE_TEXTS.invitedBy,
          PEOPLE_TEXTS.expiresAt,
        ]}
        actionsLabel={PEOPLE_TEXTS.actions}
      >
        {data.convites.map((convite) => (
          <tr key={convite.id}>
            <td>{convite.email}</td>
            <td {...cellLabel(PEOPLE_TEXTS.level)}>{accountLevelName(convite.nivel)}</td>
            <td {...cellLabel(PEOPLE_TEXTS.invitedBy)}>
              {convite.convidado_por ?? PEOPLE_TEXTS.none}
            </td>
            <td {...cellLabel(PEOPLE_TEXTS.expiresAt)}>
              {convite.expirado ? (
                <Badge bg="secondary">{PEOPLE_TEXTS.expired}</Badge>
              ) : (
                formatDateTime(convite.expira_em)
              )}
            </td>
            <td className="text-end">
              {data.pode_convidar && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={cancel.isPending && cancel.variables === convite.id}
                  onClick={() => setCancelling(convite)}
                >
                  {PEOPLE_TEXTS.cancelInvitation}
                  <span className="visually-hidden"> {convite.email}</span>
                </Button>
              )}
            </td>
          </tr>
        ))}
      </RecordTable>
      <ConfirmDialog
        show={cancelling !== null}
        title={PEOPLE_TEXTS.cancelInvitationTitle}
        confirmLabel={PEOPLE_TEXTS.cancelInvitation}
        confirmVariant="danger"
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (cancelling) cancel.mutate(cancelling.id, { onSettled: () => setCancelling(null) });
        }}
      >
        {cancelling && PEOPLE_TEXTS.cancelInvitationText(cancelling.email)}
      </ConfirmDialog>
    </>
  );
}

function PeopleBody({
  clienteId,
  data,
  razaoSocial,
}: {
  clienteId: number;
  data: PeopleDto;
  razaoSocial: string;
}) {
  return (
    <>
      <p className="text-body-secondary">{PEOPLE_TEXTS.intro}</p>
      {data.limite_usuarios !== null && (
        <p>{PEOPLE_TEXTS.limit(data.limite_usuarios, usersInUse(data))}</p>
      )}
      <section className="mb-4" aria-labelledby="pessoas-lista">
        <h2 id="pessoas-lista" className="h5">
          {PEOPLE_TEXTS.peopleTitle}
        </h2>
        <PeopleTable clienteId={clienteId} data={data} razaoSocial={razaoSocial} />
      </section>
      {data.pode_convidar && (
        <section className="mb-4" aria-labelledby="pessoas-convidar">
          <Card>
            <Card.Body>
              <h2 id="pessoas-convidar" className="h5">
                {PEOPLE_TEXTS.inviteTitle}
              </h2>
              <p className="small text-body-secondary">{PEOPLE_TEXTS.inviteIntro}</p>
              <InviteForm clienteId={clienteId} meuNivel={data.meu_nivel} />
            </Card.Body>
          </Card>
        </section>
      )}
      <section className="mb-4" aria-labelledby="pessoas-convites">
        <h2 id="pessoas-convites" className="h5">
          {PEOPLE_TEXTS.invitationsTitle}
        </h2>
        <Invitations clienteId={clienteId} data={data} />
      </section>
    </>
  );
}

/** pessoas_conta (ours, /conta/pessoas; issue 41 item 3): the account's people and invitations. */
export function PeoplePage() {
  const session = useSession();
  const clienteId = session.cliente?.id ?? null;
  const people = usePeople(clienteId);
  let body;
  if (clienteId === null) {
    body = (
      <Alert variant="info">
        {PEOPLE_TEXTS.noClient}{' '}
        <Link
          className="alert-link"
          to={pathTo('conta_selecionar', { pid: session.produto?.id ?? DEFAULT_PRODUCT_ID })}
        >
          {PEOPLE_TEXTS.selectAccount}
        </Link>
      </Alert>
    );
  } else if (people.isPending) {
    body = <PageLoading />;
  } else if (people.isError) {
    body = <LoadError message={PEOPLE_TEXTS.loadFailed} onRetry={() => void people.refetch()} />;
  } else if (!people.data.visible) {
    body = <Alert variant="info">{people.data.message}</Alert>;
  } else {
    body = (
      <PeopleBody
        clienteId={clienteId}
        data={people.data.people}
        razaoSocial={session.cliente?.razao_social ?? ''}
      />
    );
  }
  return <Page title={PEOPLE_TEXTS.title}>{body}</Page>;
}
