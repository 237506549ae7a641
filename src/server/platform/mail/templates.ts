import { formatLinhaDigitavel } from '#shared/boleto/febraban';
import { formatDate, formatDateTime } from '#shared/format';
import { escapeHtml } from '../http/escape-html.ts';

/**
 * pt-BR e-mails, each as HTML (values escaped, inline styles: mail clients ignore <style>) and
 * plain text. Every builder returns what enqueueMail needs besides the recipient.
 */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** A table layout, the one most mail clients render alike. `body` is already-escaped HTML. */
function layout(providerName: string, title: string, body: string): string {
  const name = escapeHtml(providerName);
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:6px;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e4e7eb;font-size:18px;font-weight:bold;">${name}</td></tr>
<tr><td style="padding:24px 28px;">${body}</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e4e7eb;font-size:12px;color:#7b8794;">Esta é uma mensagem automática de ${name}. Não responda a este e-mail.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

const paragraph = (html: string) => `<p style="margin:0 0 16px;">${html}</p>`;

function button(url: string, label: string): string {
  const href = escapeHtml(url);
  return `<p style="margin:0 0 16px;"><a href="${href}" style="display:inline-block;padding:10px 20px;background:#1f6feb;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${escapeHtml(label)}</a></p>
${paragraph(`Se o botão não funcionar, copie este endereço no navegador:<br><span style="word-break:break-all;">${href}</span>`)}`;
}

const textFooter = (providerName: string) => `--\nMensagem automática de ${providerName}. Não responda a este e-mail.\n`;

export function temporaryPasswordMail(values: {
  providerName: string;
  nome: string;
  email: string;
  senhaTemporaria: string;
  loginUrl: string;
}): MailContent {
  const subject = `Sua senha temporária de acesso - ${values.providerName}`;
  const html = layout(
    values.providerName,
    subject,
    [
      paragraph(`Olá, ${escapeHtml(values.nome)}.`),
      paragraph(`Seu cadastro em ${escapeHtml(values.providerName)} foi criado. Use os dados abaixo para entrar:`),
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;background:#f4f5f7;border-radius:4px;">
<tr><td style="padding:8px 16px;">E-mail</td><td style="padding:8px 16px;font-weight:bold;">${escapeHtml(values.email)}</td></tr>
<tr><td style="padding:8px 16px;">Senha temporária</td><td style="padding:8px 16px;font-weight:bold;font-family:'Courier New',monospace;">${escapeHtml(values.senhaTemporaria)}</td></tr>
</table>`,
      paragraph('Por segurança, você deverá trocar essa senha no primeiro acesso.'),
      button(values.loginUrl, 'Entrar'),
    ].join('\n'),
  );
  const text = `Olá, ${values.nome}.

Seu cadastro em ${values.providerName} foi criado. Use os dados abaixo para entrar:

E-mail: ${values.email}
Senha temporária: ${values.senhaTemporaria}

Por segurança, você deverá trocar essa senha no primeiro acesso.

Entrar: ${values.loginUrl}

${textFooter(values.providerName)}`;
  return { subject, html, text };
}

export function passwordResetMail(values: {
  providerName: string;
  nome: string;
  resetUrl: string;
  validadeMinutos: number;
}): MailContent {
  const subject = `Redefinição de senha - ${values.providerName}`;
  const validade = `${values.validadeMinutos} minutos`;
  const html = layout(
    values.providerName,
    subject,
    [
      paragraph(`Olá, ${escapeHtml(values.nome)}.`),
      paragraph(`Recebemos um pedido para redefinir a sua senha em ${escapeHtml(values.providerName)}.`),
      button(values.resetUrl, 'Redefinir senha'),
      paragraph(`O link vale por ${validade} e só pode ser usado uma vez.`),
      paragraph('Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.'),
    ].join('\n'),
  );
  const text = `Olá, ${values.nome}.

Recebemos um pedido para redefinir a sua senha em ${values.providerName}.

Redefinir senha: ${values.resetUrl}

O link vale por ${validade} e só pode ser usado uma vez.

Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.

${textFooter(values.providerName)}`;
  return { subject, html, text };
}

/** When something happened, as the mails say it: '22/11/2026 12:30 (horário de Brasília)'. */
const brasiliaTime = (quando: Date) => `${formatDateTime(quando)} (horário de Brasília)`;

export function passwordChangedMail(values: {
  providerName: string;
  nome: string;
  quando: Date;
  /** Passkeys removed with the change (decision 098): named, so the owner can add theirs again. */
  chavesRemovidas?: readonly string[];
}): MailContent {
  const subject = `Sua senha foi alterada - ${values.providerName}`;
  const quando = brasiliaTime(values.quando);
  const removed = values.chavesRemovidas ?? [];
  const removedText =
    removed.length === 0
      ? null
      : `Por segurança, as chaves de acesso adicionadas nos últimos 30 dias em outras sessões foram removidas: ${removed.join(', ')}. Se alguma era sua, adicione-a de novo em Gerenciar 2FA.`;
  const html = layout(
    values.providerName,
    subject,
    [
      paragraph(`Olá, ${escapeHtml(values.nome)}.`),
      paragraph(`A senha da sua conta em ${escapeHtml(values.providerName)} foi alterada em ${escapeHtml(quando)}.`),
      paragraph('Todas as outras sessões e os acessos dos aplicativos conectados foram encerrados.'),
      ...(removedText ? [paragraph(escapeHtml(removedText))] : []),
      paragraph('Se foi você, nada mais é preciso. Se não foi, redefina sua senha imediatamente e fale com o suporte.'),
    ].join('\n'),
  );
  const text = `Olá, ${values.nome}.

A senha da sua conta em ${values.providerName} foi alterada em ${quando}.

Todas as outras sessões e os acessos dos aplicativos conectados foram encerrados.
${removedText ? `\n${removedText}\n` : ''}
Se foi você, nada mais é preciso. Se não foi, redefina sua senha imediatamente e fale com o suporte.

${textFooter(values.providerName)}`;
  return { subject, html, text };
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

export function securityChangeMail(values: {
  providerName: string;
  nome: string;
  change: SecurityChange;
  quando: Date;
  /** The 2FA screen, where the person can see and undo it. */
  manageUrl: string;
}): MailContent {
  const { subject: title, what } = SECURITY_CHANGES[values.change];
  const subject = `${title} - ${values.providerName}`;
  const quando = brasiliaTime(values.quando);
  const warning =
    'Se não foi você, redefina sua senha imediatamente pelo link "Esqueci minha senha" da tela de login e fale com o suporte.';
  const html = layout(
    values.providerName,
    subject,
    [
      paragraph(`Olá, ${escapeHtml(values.nome)}.`),
      paragraph(`Em ${escapeHtml(quando)}, ${escapeHtml(what)} em ${escapeHtml(values.providerName)}.`),
      paragraph('Se foi você, nada mais é preciso.'),
      paragraph(escapeHtml(warning)),
      button(values.manageUrl, 'Gerenciar 2FA'),
    ].join('\n'),
  );
  const text = `Olá, ${values.nome}.

Em ${quando}, ${what} em ${values.providerName}.

Se foi você, nada mais é preciso.
${warning}

Gerenciar 2FA: ${values.manageUrl}

${textFooter(values.providerName)}`;
  return { subject, html, text };
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
  const subject = `Novo acesso à sua conta - ${values.providerName}`;
  const quando = brasiliaTime(values.quando);
  const navegador = `${values.navegador ?? 'Navegador desconhecido'} em ${values.sistema ?? 'sistema desconhecido'}`;
  const details: [string, string][] = [
    ['Quando', quando],
    ['Navegador', navegador],
    ['Endereço IP', values.ip],
  ];
  const notYou =
    'Se não foi você, encerre essa sessão em "Sessões ativas" e altere sua senha imediatamente. Se não conseguir entrar, use "Esqueci minha senha" na tela de login.';
  const html = layout(
    values.providerName,
    subject,
    [
      paragraph(`Olá, ${escapeHtml(values.nome)}.`),
      paragraph(`Sua conta em ${escapeHtml(values.providerName)} foi acessada de um navegador que você ainda não tinha usado:`),
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;background:#f4f5f7;border-radius:4px;">
${details.map(([label, value]) => `<tr><td style="padding:8px 16px;">${label}</td><td style="padding:8px 16px;font-weight:bold;">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>`,
      paragraph('Se foi você, nada mais é preciso.'),
      paragraph(escapeHtml(notYou)),
      button(values.sessionsUrl, 'Ver sessões ativas'),
      paragraph(`Alterar a senha: <a href="${escapeHtml(values.passwordUrl)}">${escapeHtml(values.passwordUrl)}</a>`),
    ].join('\n'),
  );
  const text = `Olá, ${values.nome}.

Sua conta em ${values.providerName} foi acessada de um navegador que você ainda não tinha usado:

${details.map(([label, value]) => `${label}: ${value}`).join('\n')}

Se foi você, nada mais é preciso.
${notYou}

Sessões ativas: ${values.sessionsUrl}
Alterar a senha: ${values.passwordUrl}

${textFooter(values.providerName)}`;
  return { subject, html, text };
}

/** The deletion of the account was asked (issue 19): when it runs, and how to stop it. */
export function deletionScheduledMail(values: {
  providerName: string;
  nome: string;
  quando: Date;
  portalUrl: string;
}): MailContent {
  const subject = `Exclusão da sua conta agendada - ${values.providerName}`;
  const quando = brasiliaTime(values.quando);
  const lines = [
    `Recebemos o pedido de exclusão da sua conta em ${values.providerName}. Ela será excluída em ${quando}.`,
    'Até lá, você pode cancelar o pedido: entre no portal e escolha "Cancelar exclusão" em Configurações > Privacidade.',
    'Se não foi você quem pediu, entre no portal, cancele o pedido e troque sua senha.',
  ];
  return linesMail(values, subject, lines, { url: values.portalUrl, label: 'Entrar no portal' });
}

/** The account was deleted (issue 19): sent to the address it had. */
export function deletionCompletedMail(values: { providerName: string; nome: string }): MailContent {
  const subject = `Sua conta foi excluída - ${values.providerName}`;
  const lines = [
    `Sua conta em ${values.providerName} foi excluída, como você pediu: seus dados pessoais foram apagados ou anonimizados.`,
    'As faturas e notas fiscais das contas de cliente continuam guardadas pelo prazo que a lei exige (5 anos), sem ligação com você.',
  ];
  const html = layout(
    values.providerName,
    subject,
    [paragraph(`Olá, ${escapeHtml(values.nome)}.`), ...lines.map((line) => paragraph(escapeHtml(line)))].join('\n'),
  );
  const text = `Olá, ${values.nome}.

${lines.join('\n\n')}

${textFooter(values.providerName)}`;
  return { subject, html, text };
}

/** A block of an invoice e-mail after its line: a sentence and, under it, a code to copy (monospace). */
interface PaymentBlock {
  line: string;
  code?: string;
}

/**
 * What an invoice e-mail tells of its boleto (issue 40): the linha digitável (formatted) once the
 * bank registered it, only that it is in registration before; null for no boleto to mention.
 */
type MailBoleto = { situacao: 'registrado'; linhaDigitavel: string } | { situacao: 'em_registro' } | null;

/**
 * The mail's boleto from pg_boleto's situação and 47 digits (null for none): only a registered
 * one is payable, and one settled, written off or rejected is not mentioned.
 */
export function mailBoleto(situacao: string | null, digits: string | null): MailBoleto {
  if (situacao === 'registrado' && digits) return { situacao, linhaDigitavel: formatLinhaDigitavel(digits) };
  if (situacao === 'em_registro') return { situacao };
  return null;
}

function boletoBlocks(boleto: MailBoleto | undefined): PaymentBlock[] {
  if (!boleto) return [];
  if (boleto.situacao === 'em_registro') {
    return [
      {
        line: 'O boleto bancário desta fatura está em registro no banco; a linha digitável estará na lista de faturas assim que o banco confirmar o registro.',
      },
    ];
  }
  return [
    {
      line: 'Para pagar por boleto, use a linha digitável abaixo no aplicativo ou no internet banking do seu banco:',
      code: boleto.linhaDigitavel,
    },
  ];
}

/**
 * An e-mail about the client's invoices to one manager: a greeting, one line, the ways to pay
 * given (PIX, boleto), the list's link.
 */
function invoiceNotice(
  values: { providerName: string; nome: string; invoicesUrl: string },
  subject: string,
  line: string,
  blocks: readonly PaymentBlock[] = [],
): MailContent {
  const html = layout(
    values.providerName,
    subject,
    [
      paragraph(`Olá, ${escapeHtml(values.nome)}.`),
      paragraph(escapeHtml(line)),
      ...blocks.flatMap((block) => [
        paragraph(escapeHtml(block.line)),
        ...(block.code
          ? [`<p style="margin:0 0 16px;font-family:monospace;word-break:break-all;">${escapeHtml(block.code)}</p>`]
          : []),
      ]),
      button(values.invoicesUrl, 'Ver faturas'),
    ].join('\n'),
  );
  const text = `Olá, ${values.nome}.

${line}
${blocks.map((block) => `\n${block.line}\n${block.code ? `\n${block.code}\n` : ''}`).join('')}
${values.invoicesUrl}

${textFooter(values.providerName)}`;
  return { subject, html, text };
}

/** An invoice was paid (issue 20): to each manager of the client, with the invoice list's link. */
export function paymentReceiptMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  valor: string;
  vencimento: string;
  pagoEm: Date;
  /** A bank's credit (a boleto's liquidação) has a day and no time: the receipt says the day. */
  dayOnly?: boolean;
  invoicesUrl: string;
}): MailContent {
  const subject = `Pagamento recebido - ${values.providerName}`;
  const when = values.dayOnly ? formatDate(values.pagoEm) : brasiliaTime(values.pagoEm);
  const line = `Recebemos o pagamento de ${values.valor} da fatura de ${values.razaoSocial} com vencimento em ${values.vencimento}, em ${when}. Obrigado!`;
  return invoiceNotice(values, subject, line);
}

/**
 * A payment reminder (issue 20): to each manager of the client 3 days before the due date
 * ('vencimento') and the day after it ('atraso'), with the invoice list's link and the boleto's
 * linha digitável (issue 40).
 */
export function invoiceReminderMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  valor: string;
  vencimento: string;
  tipo: 'vencimento' | 'atraso';
  invoicesUrl: string;
  /** The invoice's boleto (mailBoleto), when its account issues them. */
  boleto?: MailBoleto;
}): MailContent {
  const subject =
    values.tipo === 'vencimento'
      ? `Fatura vence em ${values.vencimento} - ${values.providerName}`
      : `Fatura vencida em ${values.vencimento} - ${values.providerName}`;
  const line =
    values.tipo === 'vencimento'
      ? `A fatura de ${values.razaoSocial} no valor de ${values.valor} vence em ${values.vencimento}. Os detalhes e as formas de pagamento estão na lista de faturas.`
      : `A fatura de ${values.razaoSocial} no valor de ${values.valor} venceu em ${values.vencimento} e ainda não consta como paga. Se já a pagou, desconsidere este aviso.`;
  return invoiceNotice(values, subject, line, boletoBlocks(values.boleto));
}

/**
 * An invoice issued (issue 35, decision 102): to each manager of the client, with the amount, the
 * due date, the invoice list's link and, when the account takes PIX, the copia-e-cola; when it
 * issues boletos, the linha digitável or that the boleto is in registration (issue 40).
 */
export function invoiceIssuedMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  valor: string;
  vencimento: string;
  invoicesUrl: string;
  pixCopiaECola: string | null;
  /** The invoice's boleto (mailBoleto), when its account issues them. */
  boleto?: MailBoleto;
}): MailContent {
  const subject = `Nova fatura de ${values.valor}, vencimento em ${values.vencimento} - ${values.providerName}`;
  const line = `A fatura de ${values.razaoSocial} no valor de ${values.valor}, com vencimento em ${values.vencimento}, foi emitida. Os itens, a nota fiscal e as formas de pagamento estão na lista de faturas.`;
  const pix: PaymentBlock[] = values.pixCopiaECola
    ? [
        {
          line: 'Para pagar por PIX, copie o código abaixo (PIX copia e cola) no aplicativo do seu banco:',
          code: values.pixCopiaECola,
        },
      ]
    : [];
  return invoiceNotice(values, subject, line, [...pix, ...boletoBlocks(values.boleto)]);
}

/**
 * An invoice held for approval (decision 102): to each manager, with the single-use link whose
 * opening approves it (§2 fatura.emitidaAviso, 'Fatura autorizada!').
 */
export function invoiceApprovalMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  valor: string;
  vencimento: string;
  approvalUrl: string;
}): MailContent {
  const subject = `Fatura aguardando sua aprovação - ${values.providerName}`;
  const line = `A fatura de ${values.razaoSocial} no valor de ${values.valor}, com vencimento em ${values.vencimento}, aguarda a sua aprovação. Ao aprová-la, ela será emitida e enviada em alguns minutos.`;
  const html = layout(
    values.providerName,
    subject,
    [
      paragraph(`Olá, ${escapeHtml(values.nome)}.`),
      paragraph(escapeHtml(line)),
      button(values.approvalUrl, 'Aprovar fatura'),
    ].join('\n'),
  );
  const text = `Olá, ${values.nome}.

${line}

Aprovar: ${values.approvalUrl}

${textFooter(values.providerName)}`;
  return { subject, html, text };
}

/** A plain notice: a greeting, its lines, a button and the footer, in HTML and text alike. */
function linesMail(
  values: { providerName: string; nome: string },
  subject: string,
  lines: readonly string[],
  link: { url: string; label: string },
): MailContent {
  const html = layout(
    values.providerName,
    subject,
    [
      paragraph(`Olá, ${escapeHtml(values.nome)}.`),
      ...lines.map((line) => paragraph(escapeHtml(line))),
      button(link.url, link.label),
    ].join('\n'),
  );
  const text = `Olá, ${values.nome}.

${lines.join('\n\n')}

${link.url}

${textFooter(values.providerName)}`;
  return { subject, html, text };
}

/**
 * A subscription's cancellation was asked (issue 41; Decreto 11.034/2022: the protocol number at
 * once): to each manager of the client, with the protocol, when access ends and what follows.
 */
export function cancellationRequestedMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  plano: string;
  protocolo: string;
  acessoAte: string;
  imediato: boolean;
  arrependimento: boolean;
  portalUrl: string;
}): MailContent {
  const subject = `Cancelamento da assinatura - protocolo ${values.protocolo} - ${values.providerName}`;
  const lines = [
    `Recebemos o pedido de cancelamento da assinatura do plano ${values.plano} de ${values.razaoSocial}. Protocolo: ${values.protocolo}.`,
    values.arrependimento
      ? 'Pelo direito de arrependimento (Código de Defesa do Consumidor, art. 49), a assinatura foi cancelada agora e os valores pagos por ela serão devolvidos.'
      : values.imediato
        ? `A assinatura foi cancelada agora; o acesso terminou em ${values.acessoAte}. As faturas já emitidas continuam devidas, e nenhuma nova será emitida.`
        : `O acesso continua até ${values.acessoAte}, o fim do período já contratado. As faturas já emitidas continuam devidas, e nenhuma nova será emitida depois dessa data. Até lá, é possível desistir do cancelamento no portal.`,
  ];
  return linesMail(values, subject, lines, { url: values.portalUrl, label: 'Abrir o portal' });
}

/** A pending cancellation was withdrawn (issue 41): to each manager, so none is surprised. */
export function cancellationUndoneMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  plano: string;
  protocolo: string;
  portalUrl: string;
}): MailContent {
  const subject = `Cancelamento desfeito - protocolo ${values.protocolo} - ${values.providerName}`;
  const lines = [
    `O cancelamento da assinatura do plano ${values.plano} de ${values.razaoSocial} (protocolo ${values.protocolo}) foi desfeito no portal. A assinatura continua normalmente.`,
  ];
  return linesMail(values, subject, lines, { url: values.portalUrl, label: 'Abrir o portal' });
}

/**
 * An invitation to a client account (issue 41 item 3): the single-use link, to the invited
 * address. The greeting names the address: the person's name is not known yet.
 */
export function invitationMail(values: {
  providerName: string;
  email: string;
  razaoSocial: string;
  convidadoPor: string | null;
  nivel: string;
  expiraEm: string;
  url: string;
}): MailContent {
  const subject = `Convite para a conta ${values.razaoSocial} - ${values.providerName}`;
  const who = values.convidadoPor ? `${values.convidadoPor} convidou você` : 'Você foi convidado(a)';
  const lines = [
    `${who} para fazer parte da conta ${values.razaoSocial} no portal ${values.providerName}, com o nível de acesso ${values.nivel}.`,
    `O link abaixo funciona uma vez, até ${values.expiraEm}. Se você ainda não tem conta no portal, poderá criá-la por ele.`,
    'Se você não esperava este convite, ignore esta mensagem.',
  ];
  return linesMail({ providerName: values.providerName, nome: values.email }, subject, lines, {
    url: values.url,
    label: 'Aceitar convite',
  });
}

/** A manager changed the person's level in an account (issue 41 item 3). */
export function accountLevelChangedMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  nivel: string;
  alteradoPor: string;
  portalUrl: string;
}): MailContent {
  const subject = `Seu nível de acesso em ${values.razaoSocial} mudou - ${values.providerName}`;
  const lines = [
    `${values.alteradoPor} alterou seu nível de acesso na conta ${values.razaoSocial} para ${values.nivel}.`,
    'Se você não reconhece esta mudança, fale com o gerente da conta.',
  ];
  return linesMail(values, subject, lines, { url: values.portalUrl, label: 'Abrir o portal' });
}

/** The person no longer belongs to an account: removed by a manager, or they left (issue 41 item 3). */
export function removedFromAccountMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  removidoPor: string | null;
  portalUrl: string;
}): MailContent {
  const subject = `Você não faz mais parte de ${values.razaoSocial} - ${values.providerName}`;
  const lines = [
    values.removidoPor
      ? `${values.removidoPor} removeu você da conta ${values.razaoSocial}. Seu acesso a ela terminou.`
      : `Você saiu da conta ${values.razaoSocial}. Seu acesso a ela terminou.`,
    'Sua conta no portal continua existindo, com as outras contas de que você faz parte.',
  ];
  return linesMail(values, subject, lines, { url: values.portalUrl, label: 'Abrir o portal' });
}
