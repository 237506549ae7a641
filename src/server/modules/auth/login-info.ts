import type { LoginInfo } from '#shared/schemas/auth';
import type { Queryable } from '../../platform/db/database.ts';
import { unauthorized } from '../../platform/errors.ts';
import { findActiveContractWithOpenChange } from '../contracts/index.ts';
import { findActiveProduct, type ActiveProduct } from '../products/index.ts';
import { hasPasskey } from '../security/index.ts';
import { shouldAskCreate } from '../twofa/index.ts';
import { createAccessEvent, type AccessEventInput } from './access-events.ts';
import { productNotFound } from './errors.ts';
import { findClient, findUserById, listClientLinks } from './queries.ts';

// Login info (§3), the answer of login, evento_getInfo and the account flows (decisions 017, 018)

type ClientLinks = Awaited<ReturnType<typeof listClientLinks>>;

/** What the login info reads of the person; the sign-in's read says whether they have a passkey. */
export type LoginInfoUser = Omit<NonNullable<Awaited<ReturnType<typeof findUserById>>>, 'senha_hash'> & {
  tem_chave_acesso?: boolean;
};

/**
 * What the request already read before it asks for the login info, not read again (a sign-in
 * made 20 statements besides its password check; issue 15).
 */
export interface KnownLoginParts {
  /** The person of `usuarioId`, as the credentials' check read them. */
  user?: LoginInfoUser;
  /** The product of `produtoId`, found active. */
  produto?: ActiveProduct;
  /** The user's client links (listClientLinks). */
  links?: ClientLinks;
}

/**
 * §4: the client is chosen for the user when there is exactly one to choose; with the links it
 * chose from, which the login info lists.
 */
export async function autoSelectClient(
  db: Queryable,
  usuarioId: number,
): Promise<{ clienteId: number | null; links: ClientLinks }> {
  const links = await listClientLinks(db, usuarioId);
  return { clienteId: links.length === 1 && links[0] ? links[0].cliente_id : null, links };
}

/**
 * The sign-in's last step, and what every way in answers (§3 login info): an access event of
 * this kind for the person's session, and the login info that carries it. Used by the login, the
 * sign-up, the account selection, the password creation and the passkey sign-in, so each issues
 * its event the same way.
 */
export async function issueLoginInfo(
  db: Queryable,
  input: Omit<AccessEventInput, 'sessaoId'> & {
    session: { id: string; token: string };
    publicUrl: string;
    known?: KnownLoginParts;
  },
): Promise<LoginInfo> {
  const event = await createAccessEvent(db, {
    tipo: input.tipo,
    usuarioId: input.usuarioId,
    produtoId: input.produtoId,
    clienteId: input.clienteId,
    sessaoId: input.session.id,
  });
  return buildLoginInfo(db, { ...input, event });
}

export async function buildLoginInfo(
  db: Queryable,
  input: {
    usuarioId: number;
    produtoId: number;
    clienteId: number | null;
    session: { id: string; token: string };
    event: { id: number; token: string };
    publicUrl: string;
    known?: KnownLoginParts;
  },
  now = new Date(),
): Promise<LoginInfo> {
  const known = input.known;
  const user: LoginInfoUser | null =
    known?.user?.id === input.usuarioId ? known.user : await findUserById(db, input.usuarioId);
  if (!user?.ativo) throw unauthorized();
  const produto =
    known?.produto?.id === input.produtoId
      ? known.produto
      : await findActiveProduct(db, input.produtoId, input.publicUrl);
  if (!produto) throw productNotFound();

  const links = known?.links ?? (await listClientLinks(db, user.id));
  const link = links.find((candidate) => candidate.cliente_id === input.clienteId);
  // Staff may select a client they are not linked to (§6): read it then.
  const cliente = link
    ? { id: link.cliente_id, razao_social: link.razao_social, nome_fantasia: link.nome_fantasia, cpfcnpj: link.cpfcnpj }
    : input.clienteId === null
      ? null
      : await findClient(db, input.clienteId);
  const found = cliente ? await findActiveContractWithOpenChange(db, cliente.id, produto.id) : null;
  const contract = found?.contract ?? null;
  const pending = found?.pending ?? null;

  const url = new URL(produto.url);
  url.searchParams.set('sessao_id', input.session.id);
  url.searchParams.set('sessao_token', input.session.token);
  url.searchParams.set('evento_id', String(input.event.id));
  url.searchParams.set('evento_token', input.event.token);

  return {
    ok: true,
    senha_revalidar: user.senha_revalidar,
    evento: input.event,
    sessao: input.session,
    usuario: { id: user.id, nome: user.nome, email: user.email, nivel: user.nivel },
    produto,
    cliente,
    clientes: links.map((link) => ({
      id: link.id,
      nivel: link.nivel,
      cliente: { id: link.cliente_id, razao_social: link.razao_social, cpfcnpj: link.cpfcnpj },
    })),
    contrato_ultimo: contract && {
      id: contract.id,
      periodo_inicio: contract.periodo_inicio,
      periodo_fim: contract.periodo_fim,
      plano: { id: contract.plano_id, nome_exibicao: contract.plano_nome_exibicao },
    },
    url: url.toString(),
    clienteUsuario_nivel: link?.nivel ?? null,
    contrato_evento_aberto: pending,
    // The password comes first (§4); the activation offer waits for the next sign-in.
    // A passkey is a second factor too (decisions 070-072): its owner is not offered TOTP.
    twofa_shouldAskCreate:
      !user.senha_revalidar &&
      shouldAskCreate(user, now) &&
      !(user.tem_chave_acesso ?? (await hasPasskey(db, user.id))),
  };
}
