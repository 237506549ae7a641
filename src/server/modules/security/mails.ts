import {
  brasiliaTime,
  button,
  composeMail,
  details,
  greeting,
  link,
  paragraph,
  together,
  type MailContent,
} from '../../platform/mail/compose.ts';

/**
 * The password was changed or reset (sent by profile and recovery after endAccessAfterNewPassword):
 * when, what the change ended, and the passkeys it removed.
 */
export function passwordChangedMail(values: {
  providerName: string;
  nome: string;
  quando: Date;
  /** Passkeys removed with the change (decision 098): named, so the owner can add theirs again. */
  chavesRemovidas?: readonly string[];
}): MailContent {
  const removed = values.chavesRemovidas ?? [];
  return composeMail({
    providerName: values.providerName,
    subject: `Sua senha foi alterada - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(`A senha da sua conta em ${values.providerName} foi alterada em ${brasiliaTime(values.quando)}.`),
      paragraph('Todas as outras sessões e os acessos dos aplicativos conectados foram encerrados.'),
      removed.length === 0
        ? null
        : paragraph(
            `Por segurança, as chaves de acesso adicionadas nos últimos 30 dias em outras sessões foram removidas: ${removed.join(', ')}. Se alguma era sua, adicione-a de novo em Gerenciar 2FA.`,
          ),
      paragraph('Se foi você, nada mais é preciso. Se não foi, redefina sua senha imediatamente e fale com o suporte.'),
    ],
  });
}

/** A change to how the account is protected, told to its owner (docs/decisions/011-two-factor.md). */
export type SecurityChange =
  | 'twofa_ativado'
  | 'twofa_desativado'
  | 'chaves_geradas'
  | 'chave_acesso_adicionada'
  | 'chave_acesso_removida';

const SECURITY_CHANGES: Record<SecurityChange, { subject: string; what: string }> = {
  twofa_ativado: {
    subject: 'Verificação em duas etapas ativada',
    what: 'a verificação em duas etapas (2FA) foi ativada na sua conta',
  },
  twofa_desativado: {
    subject: 'Verificação em duas etapas desativada',
    what: 'a verificação em duas etapas (2FA) foi desativada na sua conta',
  },
  chaves_geradas: {
    subject: 'Novas chaves de recuperação geradas',
    what: 'novas chaves de recuperação do 2FA foram geradas na sua conta; as anteriores deixaram de funcionar',
  },
  // Passkeys (docs/decisions/072-passkeys.md).
  chave_acesso_adicionada: {
    subject: 'Nova chave de acesso registrada',
    what: 'uma nova chave de acesso (passkey) foi registrada na sua conta e já pode ser usada para entrar',
  },
  chave_acesso_removida: {
    subject: 'Chave de acesso removida',
    what: 'uma chave de acesso (passkey) foi removida da sua conta',
  },
};

/** A 2FA or passkey change (sent by twofa and by passkeys.ts), with where to see and undo it. */
export function securityChangeMail(values: {
  providerName: string;
  nome: string;
  change: SecurityChange;
  quando: Date;
  /** The 2FA screen, where the person can see and undo it. */
  manageUrl: string;
}): MailContent {
  const { subject, what } = SECURITY_CHANGES[values.change];
  return composeMail({
    providerName: values.providerName,
    subject: `${subject} - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(`Em ${brasiliaTime(values.quando)}, ${what} em ${values.providerName}.`),
      together(
        paragraph('Se foi você, nada mais é preciso.'),
        paragraph(
          'Se não foi você, redefina sua senha imediatamente pelo link "Esqueci minha senha" da tela de login e fale com o suporte.',
        ),
      ),
      button('Gerenciar 2FA', values.manageUrl),
    ],
  });
}

/**
 * A sign-in from a browser the person never signed in with (decision 071): when, which browser, from which address,
 * and where to end that session or change the password.
 */
export function newBrowserMail(values: {
  providerName: string;
  nome: string;
  quando: Date;
  navegador: string | null;
  sistema: string | null;
  ip: string;
  /** 'Sessões ativas' of the 'Segurança' screen. */
  sessionsUrl: string;
  /** Meus dados, whose 'Alterar senha' section changes it. */
  passwordUrl: string;
}): MailContent {
  return composeMail({
    providerName: values.providerName,
    subject: `Novo acesso à sua conta - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(`Sua conta em ${values.providerName} foi acessada de um navegador que você ainda não tinha usado:`),
      details([
        { label: 'Quando', value: brasiliaTime(values.quando) },
        {
          label: 'Navegador',
          value: `${values.navegador ?? 'Navegador desconhecido'} em ${values.sistema ?? 'sistema desconhecido'}`,
        },
        { label: 'Endereço IP', value: values.ip },
      ]),
      together(
        paragraph('Se foi você, nada mais é preciso.'),
        paragraph(
          'Se não foi você, encerre essa sessão em "Sessões ativas" e altere sua senha imediatamente. Se não conseguir entrar, use "Esqueci minha senha" na tela de login.',
        ),
      ),
      // The text has always labelled this link 'Sessões ativas', the button 'Ver sessões ativas'.
      together(button('Ver sessões ativas', values.sessionsUrl, 'Sessões ativas'), link('Alterar a senha', values.passwordUrl)),
    ],
  });
}
