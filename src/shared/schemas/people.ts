/**
 * The account's people (issue 41 item 3): who belongs to a client account and at which level,
 * and the invitations that bring someone in. Levels are §6's account levels; an invitation is a
 * single-use link e-mailed to one address, valid for seven days (decision 114).
 */
import { z } from 'zod';
import { EmailSchema, NAME_MAX, PasswordSchema, requiredText } from '../fields.ts';
import { TermsSchema, SignUpPhoneSchema } from './account.ts';
import { TokenSchema } from './auth.ts';

/** §6 account levels, strongest first: manager ≤ 10, supervisor ≤ 13, user ≤ 20. */
export const ACCOUNT_LEVELS = [10, 13, 20] as const;
export type AccountLevel = (typeof ACCOUNT_LEVELS)[number];

export const ACCOUNT_LEVEL_NAMES: Record<AccountLevel, string> = {
  10: 'Gerente',
  13: 'Supervisor',
  20: 'Usuário',
};

/** The name of a stored level: the account level it falls in (§6 "≤"). */
export function accountLevelName(nivel: number): string {
  const level = ACCOUNT_LEVELS.find((candidate) => nivel <= candidate);
  return level === undefined ? `Nível ${nivel}` : ACCOUNT_LEVEL_NAMES[level];
}

/** Supervisors and managers invite (never above their own level); only managers change and remove. */
export const LEVEL_CAN_INVITE = 13;

/** An invitation's link works for seven days (issue 41). */
export const INVITATION_TTL_DAYS = 7;

export const PEOPLE_MESSAGES = {
  levelRequired: 'Escolha o nível de acesso.',
  cannotInvite: 'Somente gerentes e supervisores da conta podem convidar pessoas.',
  peopleHidden: 'Somente gerentes e supervisores da conta veem as pessoas da conta.',
  managerOnly: 'Somente o gerente da conta pode alterar níveis e remover pessoas.',
  levelAboveOwn: 'Você não pode dar um nível de acesso acima do seu.',
  strongerPerson: 'Você não pode alterar quem tem um nível de acesso acima do seu.',
  alreadyMember: 'Esta pessoa já faz parte da conta.',
  invited: (email: string) => `Convite enviado para ${email}.`,
  invitationsPerHour: (limite: number) =>
    `Esta conta já enviou ${limite} convites na última hora. Aguarde um pouco e tente de novo.`,
  userLimit: (limite: number) =>
    `O plano desta conta permite até ${limite} ${limite === 1 ? 'usuário' : 'usuários'}, contando os convites pendentes. ` +
    'Remova alguém, cancele um convite ou mude de plano para convidar mais pessoas.',
  userLimitAtAccept:
    'Esta conta atingiu o limite de usuários do seu plano. Peça a quem enviou o convite para liberar uma vaga e tente de novo.',
  lastManager: 'A conta precisa de pelo menos um gerente. Torne outra pessoa gerente antes.',
  personNotFound: 'Esta pessoa não faz parte da conta.',
  invitationNotFound: 'Convite não encontrado.',
  invitationCancelled: 'Convite cancelado.',
  levelChanged: (nome: string, nivel: number) => `${nome} agora é ${accountLevelName(nivel)}.`,
  removed: (nome: string) => `${nome} não faz mais parte da conta.`,
  left: 'Você saiu da conta.',
  /** One answer for a link unknown, used, cancelled or expired: the link tells nothing else. */
  invitationInvalid: 'Este convite não é mais válido: ele expirou, foi cancelado ou já foi usado. Peça um novo convite.',
  otherEmail: (email: string) =>
    `Este convite foi enviado para ${email}. Entre com a conta desse e-mail para aceitá-lo.`,
  accountExists: 'Já existe uma conta com este e-mail. Entre com ela para aceitar o convite.',
  accepted: (razaoSocial: string) => `Pronto! Agora você faz parte de ${razaoSocial}.`,
} as const;

const LevelSchema = z.coerce
  .number({ error: PEOPLE_MESSAGES.levelRequired })
  .int({ error: PEOPLE_MESSAGES.levelRequired })
  .refine((value): value is AccountLevel => (ACCOUNT_LEVELS as readonly number[]).includes(value), {
    error: PEOPLE_MESSAGES.levelRequired,
  });

/** POST /api/gl_cliente/{id}/convites. */
export const InvitationRequestSchema = z.object({ email: EmailSchema, nivel: LevelSchema });
export type InvitationRequest = z.input<typeof InvitationRequestSchema>;

/** PUT /api/gl_cliente/{id}/pessoas/{gl_cliente_usuario_id}. */
export const LevelChangeRequestSchema = z.object({ nivel: LevelSchema });
export type LevelChangeRequest = z.input<typeof LevelChangeRequestSchema>;

/**
 * POST /api/convite/{token}/conta_criar: §2's sign-up with the e-mail fixed by the invitation.
 * The link proved the e-mail, so the person chooses the password here instead of receiving a
 * temporary one; there is no document (the client exists) and no captcha (the token is the gate).
 */
export const InvitationSignUpRequestSchema = z.object({
  nome: requiredText({ max: NAME_MAX }),
  telefone_celular: SignUpPhoneSchema,
  senha: PasswordSchema,
  termos: TermsSchema,
});
export type InvitationSignUpRequest = z.input<typeof InvitationSignUpRequestSchema>;

export const InvitationTokenParamsSchema = z.object({ token: TokenSchema });

/** One person of the account. `id` is the client-user link's (§3). */
export interface PersonDto {
  id: number;
  gl_usuario_id: number;
  nome: string;
  email: string;
  nivel: number;
  /** The last successful sign-in, ISO date-time, null when never. */
  ultimo_acesso: string | null;
  /** The caller. */
  eu: boolean;
}

/** An invitation not yet accepted (expired ones are listed too, marked, so they can be sent again). */
export interface InvitationDto {
  id: number;
  email: string;
  nivel: number;
  convidado_por: string | null;
  datahora_criado: string;
  expira_em: string;
  expirado: boolean;
}

/** GET /api/gl_cliente/{id}/pessoas. */
export interface PeopleDto {
  pessoas: PersonDto[];
  convites: InvitationDto[];
  /** The caller's level in the account. */
  meu_nivel: number;
  pode_convidar: boolean;
  pode_gerenciar: boolean;
  /** The plan's limit of users (people plus pending invitations); null when there is none. */
  limite_usuarios: number | null;
}

/** GET /api/convite/{token}: what the invitation page shows. */
export interface InvitationViewDto {
  email: string;
  nivel: number;
  razao_social: string;
  convidado_por: string | null;
  expira_em: string;
  /** The product the inviter was in: where the person lands. */
  gl_produto_id: number;
  /** Whether a portal account holds the e-mail: sign in and accept, or sign up. */
  conta_existe: boolean;
  /** The signed-in person's e-mail when someone is signed in in this browser, else null. */
  sessao_email: string | null;
}

