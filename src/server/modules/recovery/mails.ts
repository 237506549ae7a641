import { button, composeMail, greeting, paragraph, type MailContent } from '../../platform/mail/compose.ts';

/** The reset link asked for on the login screen (docs/decisions/018-password-recovery.md). */
export function passwordResetMail(values: {
  providerName: string;
  nome: string;
  resetUrl: string;
  validadeMinutos: number;
}): MailContent {
  return composeMail({
    providerName: values.providerName,
    subject: `Redefinição de senha - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(`Recebemos um pedido para redefinir a sua senha em ${values.providerName}.`),
      button('Redefinir senha', values.resetUrl),
      paragraph(`O link vale por ${values.validadeMinutos} minutos e só pode ser usado uma vez.`),
      paragraph('Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.'),
    ],
  });
}
