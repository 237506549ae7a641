import { brasiliaTime, button, composeMail, greeting, paragraph, type MailContent } from '../../platform/mail/compose.ts';

/** The deletion of the account was asked (issue 19): when it runs, and how to stop it. */
export function deletionScheduledMail(values: {
  providerName: string;
  nome: string;
  quando: Date;
  portalUrl: string;
}): MailContent {
  return composeMail({
    providerName: values.providerName,
    subject: `Exclusão da sua conta agendada - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(
        `Recebemos o pedido de exclusão da sua conta em ${values.providerName}. Ela será excluída em ${brasiliaTime(values.quando)}.`,
      ),
      paragraph(
        'Até lá, você pode cancelar o pedido: entre no portal e escolha "Cancelar exclusão" em Configurações > Privacidade.',
      ),
      paragraph('Se não foi você quem pediu, entre no portal, cancele o pedido e troque sua senha.'),
      button('Entrar no portal', values.portalUrl, null),
    ],
  });
}

/** The account was deleted (issue 19): sent to the address it had. */
export function deletionCompletedMail(values: { providerName: string; nome: string }): MailContent {
  return composeMail({
    providerName: values.providerName,
    subject: `Sua conta foi excluída - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(
        `Sua conta em ${values.providerName} foi excluída, como você pediu: seus dados pessoais foram apagados ou anonimizados.`,
      ),
      paragraph(
        'As faturas e notas fiscais das contas de cliente continuam guardadas pelo prazo que a lei exige (5 anos), sem ligação com você.',
      ),
    ],
  });
}
