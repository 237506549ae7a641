import { button, composeMail, greeting, paragraph, type MailContent } from '../../platform/mail/compose.ts';

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
  return composeMail({
    providerName: values.providerName,
    subject: `Cancelamento da assinatura - protocolo ${values.protocolo} - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(
        `Recebemos o pedido de cancelamento da assinatura do plano ${values.plano} de ${values.razaoSocial}. Protocolo: ${values.protocolo}.`,
      ),
      paragraph(
        values.arrependimento
          ? 'Pelo direito de arrependimento (Código de Defesa do Consumidor, art. 49), a assinatura foi cancelada agora e os valores pagos por ela serão devolvidos.'
          : values.imediato
            ? `A assinatura foi cancelada agora; o acesso terminou em ${values.acessoAte}. As faturas já emitidas continuam devidas, e nenhuma nova será emitida.`
            : `O acesso continua até ${values.acessoAte}, o fim do período já contratado. As faturas já emitidas continuam devidas, e nenhuma nova será emitida depois dessa data. Até lá, é possível desistir do cancelamento no portal.`,
      ),
      button('Abrir o portal', values.portalUrl, null),
    ],
  });
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
  return composeMail({
    providerName: values.providerName,
    subject: `Cancelamento desfeito - protocolo ${values.protocolo} - ${values.providerName}`,
    blocks: [
      greeting(values.nome),
      paragraph(
        `O cancelamento da assinatura do plano ${values.plano} de ${values.razaoSocial} (protocolo ${values.protocolo}) foi desfeito no portal. A assinatura continua normalmente.`,
      ),
      button('Abrir o portal', values.portalUrl, null),
    ],
  });
}
