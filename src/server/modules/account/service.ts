import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { documentKind } from '#shared/cpf-cnpj';
import { CONTA_MESSAGES } from '#shared/messages';
import { hashPassword, verifyPassword } from '../../platform/crypto/password.ts';
import type { Database, Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { glCliente, glClienteUsuario, glUsuario } from '../../platform/db/schema.ts';
import { conflict, fieldError, unauthorized } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { temporaryPasswordMail } from './mails.ts';
import { newInvoiceToken } from '../invoices/index.ts';
import { acceptCurrentVersions } from '../privacy/index.ts';

/** §6: whoever creates a client account manages it (account manager, level 10). */
const CREATOR_LEVEL = 10;

/** Letters and digits a person can copy from an e-mail without confusing them (no 0/O, 1/l/I). */
const TEMPORARY_PASSWORD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const TEMPORARY_PASSWORD_LENGTH = 12;
/** A temporary password stops working 48 hours after it was sent (docs/decisions/017-sign-up.md). */
const TEMPORARY_PASSWORD_TTL_MS = 48 * 60 * 60 * 1000;

/** A temporary password from the CSPRNG: 12 of 55 symbols, about 69 bits. */
function temporaryPassword(): string {
  let value = '';
  for (let i = 0; i < TEMPORARY_PASSWORD_LENGTH; i++) {
    value += TEMPORARY_PASSWORD_ALPHABET[randomInt(TEMPORARY_PASSWORD_ALPHABET.length)];
  }
  return value;
}

const documentTaken = () => fieldError('cpfcnpj', CONTA_MESSAGES.documentTaken, 'document_taken');

/** Whether a client already holds the document (stored form: no mask, upper-case). */
async function documentInUse(db: Queryable, cpfcnpj: string): Promise<boolean> {
  const [row] = await db
    .select({ id: glCliente.id })
    .from(glCliente)
    .where(eq(glCliente.cpfcnpj, cpfcnpj));
  return row !== undefined;
}

export interface NewClientInput {
  /** The person's name: the client's name for a CPF. */
  nome: string;
  /** Stored form (normalised by CpfCnpjSchema). */
  cpfcnpj: string;
  /** The company's name, required for a CNPJ (the schema checked it). */
  empresa_nome?: string | null | undefined;
  email?: string | null;
  telefone_celular?: string | null;
}

/**
 * Creates the client and links the user to it as its manager, and records the consent (§2):
 * one row per document with the current version, the time and the address.
 * Call inside the action's transaction. A document already taken is a 422 on cpfcnpj, also when
 * another request took it a moment earlier (the unique constraint decides).
 */
export async function createClientForUser(
  tx: Queryable,
  usuarioId: number,
  input: NewClientInput,
  meta: { ip: string; now: Date },
): Promise<{ clienteId: number }> {
  const tipoPessoa = documentKind(input.cpfcnpj) === 'cnpj' ? 2 : 1;
  const razaoSocial = tipoPessoa === 2 && input.empresa_nome ? input.empresa_nome : input.nome;
  if (await documentInUse(tx, input.cpfcnpj)) throw documentTaken();
  const [cliente] = await tx
    .insert(glCliente)
    .values({
      tipo_pessoa: tipoPessoa,
      cpfcnpj: input.cpfcnpj,
      razao_social: razaoSocial,
      email: input.email ?? null,
      telefone_celular: input.telefone_celular ?? null,
      fatura_token: newInvoiceToken(),
    })
    .returning({ id: glCliente.id });
  if (!cliente) throw new Error('gl_cliente: insert returned no row');
  await tx
    .insert(glClienteUsuario)
    .values({ gl_cliente_id: cliente.id, gl_usuario_id: usuarioId, nivel: CREATOR_LEVEL });
  await recordConsent(tx, usuarioId, meta);
  return { clienteId: cliente.id };
}

/** The terms of use and the privacy policy, accepted now in the versions in force (issue 19). */
async function recordConsent(
  tx: Queryable,
  usuarioId: number,
  meta: { ip: string; now: Date },
): Promise<void> {
  await acceptCurrentVersions(tx, usuarioId, meta);
}

/**
 * Runs the writes of a sign-up, turning the unique violations a concurrent request can cause into
 * the answers the checks before them give.
 */
export async function inSignUpTransaction<T>(
  db: Database,
  work: (tx: Queryable) => Promise<T>,
  onEmailTaken: () => Error,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error, 'gl_cliente_cpfcnpj_uq')) throw documentTaken();
    if (isUniqueViolation(error, 'gl_usuario_email_lower_uq')) throw onEmailTaken();
    throw error;
  }
}

/**
 * A new person (§4 Sign-up): the user with a temporary password that must be replaced at the
 * first sign-in, their client, the consent and the e-mail with the password, in one transaction.
 */
export async function createUserWithClient(
  db: Database,
  input: NewClientInput & { email: string; telefone_celular: string },
  meta: { ip: string; now: Date; providerName: string; loginUrl: string },
  onEmailTaken: () => Error,
): Promise<{ usuarioId: number; clienteId: number }> {
  if (await documentInUse(db, input.cpfcnpj)) throw documentTaken();
  const senha = temporaryPassword();
  const senhaHash = await hashPassword(senha);
  return inSignUpTransaction(
    db,
    async (tx) => {
      const [user] = await tx
        .insert(glUsuario)
        .values({
          nome: input.nome,
          email: input.email,
          telefone_celular: input.telefone_celular,
          senha_hash: senhaHash,
          senha_revalidar: true,
          senha_temporaria_expira: new Date(meta.now.getTime() + TEMPORARY_PASSWORD_TTL_MS),
        })
        .returning({ id: glUsuario.id });
      if (!user) throw new Error('gl_usuario: insert returned no row');
      const { clienteId } = await createClientForUser(tx, user.id, input, meta);
      const mail = temporaryPasswordMail({
        providerName: meta.providerName,
        nome: input.nome,
        email: input.email,
        senhaTemporaria: senha,
        loginUrl: meta.loginUrl,
      });
      await enqueueMail(tx, { to: input.email, ...mail });
      return { usuarioId: user.id, clienteId };
    },
    onEmailTaken,
  );
}

/**
 * §7 conta_criar_senha: replaces the temporary password. Only while senha_revalidar is set
 * (decision 017): otherwise the password changes through Meus dados, with the current one.
 */
export async function replaceTemporaryPassword(
  db: Database,
  usuarioId: number,
  senha: string,
  now = new Date(),
): Promise<void> {
  const [user] = await db
    .select({ senha_hash: glUsuario.senha_hash, senha_revalidar: glUsuario.senha_revalidar })
    .from(glUsuario)
    .where(eq(glUsuario.id, usuarioId));
  if (!user) throw unauthorized();
  if (!user.senha_revalidar) throw conflict(CONTA_MESSAGES.passwordAlreadySet, 'password_already_set');
  if (await verifyPassword(user.senha_hash, senha)) {
    throw fieldError('senha', CONTA_MESSAGES.sameAsTemporary, 'same_password');
  }
  const senhaHash = await hashPassword(senha);
  // Conditional: of two concurrent requests, one replaces the temporary password.
  const updated = await db
    .update(glUsuario)
    .set({
      senha_hash: senhaHash,
      senha_revalidar: false,
      senha_temporaria_expira: null,
      datahora_senha_alterada: now,
    })
    .where(and(eq(glUsuario.id, usuarioId), eq(glUsuario.senha_revalidar, true)))
    .returning({ id: glUsuario.id });
  if (updated.length === 0) throw conflict(CONTA_MESSAGES.passwordAlreadySet, 'password_already_set');
}

/** The user behind an e-mail, for the sign-up's "already registered" branch. */
export async function findUserIdByEmail(db: Queryable, email: string) {
  const [user] = await db
    .select({ id: glUsuario.id, twofa_ativo: glUsuario.twofa_ativo })
    .from(glUsuario)
    .where(sql`lower(${glUsuario.email}) = ${email.toLowerCase()}`);
  return user ?? null;
}
