import { button, composeMail, greeting, paragraph, type MailContent } from '../../platform/mail/compose.ts';

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
  const who = values.convidadoPor ? `${values.convidadoPor} convidou você` : 'Você foi convidado(a)';
  return composeMail({
    providerName: values.providerName,
    subject: `Convite para a conta ${values.razaoSocial} - ${values.providerName}`,
    blocks: [
      greeting(values.email),
      paragraph(
        `${who} para fazer parte da conta ${values.razaoSocial} no portal ${values.providerName}, com o nível de acesso ${values.nivel}.`,
      ),
      paragraph(
        `O link abaixo funciona uma vez, até ${values.expiraEm}. Se você ainda não tem conta no portal, poderá criá-la por ele.`,
      ),
      paragraph('Se você não esperava este convite, ignore esta mensagem.'),
      button('Aceitar convite', values.url, null),
    ],
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
  return composeMail({
    providerName: values.providerName,
    subject: `Seu nível de acesso em ${values.razaoSocial} mudou - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(`${values.alteradoPor} alterou seu nível de acesso na conta ${values.razaoSocial} para ${values.nivel}.`),
      paragraph('Se você não reconhece esta mudança, fale com o gerente da conta.'),
      button('Abrir o portal', values.portalUrl, null),
    ],
  });
}

/** The person no longer belongs to an account: removed by a manager, or they left (issue 41 item 3). */
export function removedFromAccountMail(values: {
  providerName: string;
  nome: string;
  razaoSocial: string;
  removidoPor: string | null;
  portalUrl: string;
}): MailContent {
  return composeMail({
    providerName: values.providerName,
    subject: `Você não faz mais parte de ${values.razaoSocial} - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(
        values.removidoPor
          ? `${values.removidoPor} removeu você da conta ${values.razaoSocial}. Seu acesso a ela terminou.`
          : `Você saiu da conta ${values.razaoSocial}. Seu acesso a ela terminou.`,
      ),
      paragraph('Sua conta no portal continua existindo, com as outras contas de que você faz parte.'),
      button('Abrir o portal', values.portalUrl, null),
    ],
  });
}
