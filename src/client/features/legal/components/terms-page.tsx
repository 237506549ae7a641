import { Link } from 'react-router';
import { LEGAL_DOCUMENTS } from '#shared/legal';
import { providerName } from '#client/lib/page-meta';
import { pathTo } from '#client/paths';
import { ContactChannel, LegalPage, LegalSection } from './legal-page';

/**
 * termos_uso (/termos-de-uso): the terms of use the sign-up's consent links to (§2 Create
 * account, docs/decisions/017-sign-up.md). A new text needs a new version in src/shared/legal.ts.
 */
export function TermsPage() {
  const provider = providerName();
  const privacy = LEGAL_DOCUMENTS.politica_privacidade.titulo;
  return (
    <LegalPage document="termos_uso">
      <p>
        Estes Termos de Uso regulam o acesso e o uso do portal do cliente de {provider} e dos
        aplicativos integrados a ele. Ao criar uma conta ou usar o portal, você declara que leu,
        entendeu e aceita estes Termos e a nossa{' '}
        <Link to={pathTo('politica_privacidade')}>{privacy}</Link>.
      </p>

      <LegalSection title="1. Objeto">
        <p>
          {provider} oferece software por assinatura. Pelo portal do cliente, você cria e
          administra a sua conta, escolhe ou muda o plano contratado, acompanha faturas e notas
          fiscais de serviço e gerencia a segurança do seu acesso. As funcionalidades de cada
          aplicativo são as descritas no plano contratado.
        </p>
      </LegalSection>

      <LegalSection title="2. Conta e acesso">
        <p>
          Para criar uma conta, você informa nome, e-mail, celular e um CPF ou CNPJ válido; para
          uma empresa, também o nome da empresa. Você garante que os dados são verdadeiros, que
          tem poderes para representar a empresa informada e que os manterá atualizados.
        </p>
        <p>
          O seu usuário é um só para todos os aplicativos integrados de {provider}: alterar os
          seus dados pessoais ou a sua senha altera-os em todos eles. Um mesmo usuário pode
          participar de várias contas de cliente, e cada CPF ou CNPJ corresponde a uma única
          conta de cliente.
        </p>
        <p>
          Ao criar a conta, você recebe por e-mail uma senha temporária, que deve ser trocada no
          primeiro acesso. Você é responsável por manter a sua senha em sigilo, por ativar e
          guardar a verificação em duas etapas (2FA) e as chaves de recuperação, por escolher com
          cuidado os dispositivos em que confia e por tudo o que for feito com o seu acesso. Se
          suspeitar de uso indevido, troque a sua senha imediatamente e avise-nos <ContactChannel />.
        </p>
      </LegalSection>

      <LegalSection title="3. Planos, assinatura e pagamento">
        <p>
          Os planos, os seus limites (como a quantidade de usuários ou dispositivos), os preços,
          a periodicidade de cobrança e as formas de pagamento são os apresentados na página de
          planos no momento da contratação. Alguns planos podem exigir o envio de documentos
          comprobatórios antes de serem liberados.
        </p>
        <p>
          A mudança de plano pode valer imediatamente ou a partir do fim do período atual,
          conforme a opção escolhida ao solicitá-la. Uma mudança ainda pendente pode ser
          cancelada antes de entrar em vigor. Planos gratuitos e promocionais podem ter
          condições e prazos próprios, informados na contratação.
        </p>
        <p>
          Os valores devem ser pagos até o vencimento indicado na fatura. Os preços podem ser
          reajustados, com aviso prévio, e o reajuste vale a partir do período seguinte ao aviso.
        </p>
      </LegalSection>

      <LegalSection title="4. Faturas e notas fiscais">
        <p>
          As faturas ficam disponíveis na área do cliente. Para os serviços pagos, emitimos a
          Nota Fiscal de Serviços Eletrônica (NFS-e) conforme a legislação do município
          competente; quando disponíveis, o PDF da nota e o link para consultá-la no site da
          prefeitura aparecem junto à fatura. Os dados fiscais informados (CPF ou CNPJ, nome ou
          razão social e endereço) são de sua responsabilidade.
        </p>
      </LegalSection>

      <LegalSection title="5. Uso aceitável">
        <p>Ao usar o portal e os aplicativos, você se compromete a não:</p>
        <ul>
          <li>violar a lei, direitos de terceiros ou estes Termos;</li>
          <li>compartilhar o seu acesso ou usar o acesso de outra pessoa;</li>
          <li>
            tentar acessar dados de contas de que você não participa ou contornar qualquer medida
            de segurança, como a verificação de segurança e a verificação em duas etapas;
          </li>
          <li>
            enviar programas maliciosos, fazer requisições automatizadas em volume excessivo ou
            prejudicar de qualquer forma o funcionamento do serviço;
          </li>
          <li>copiar, revender ou fazer engenharia reversa do software, salvo quando a lei permitir.</li>
        </ul>
      </LegalSection>

      <LegalSection title="6. Disponibilidade e suporte">
        <p>
          Trabalhamos para manter o serviço disponível de forma contínua, mas ele pode ser
          interrompido para manutenções, atualizações ou por causas fora do nosso controle.
          Sempre que possível, manutenções programadas serão avisadas com antecedência. O suporte
          é prestado <ContactChannel />, nos prazos e horários do plano contratado.
        </p>
      </LegalSection>

      <LegalSection title="7. Suspensão e cancelamento">
        <p>
          Você pode cancelar a assinatura a qualquer momento, pelos canais de atendimento; os
          valores de períodos já iniciados não são devolvidos, salvo quando a lei determinar.
        </p>
        <p>
          Podemos suspender o acesso, após aviso, em caso de falta de pagamento, e suspender ou
          encerrar a conta, mesmo sem aviso prévio, em caso de violação destes Termos, de fraude
          ou de risco à segurança do serviço ou de outros clientes. Após o cancelamento, os dados
          são tratados como descrito na {privacy}.
        </p>
      </LegalSection>

      <LegalSection title="8. Limitação de responsabilidade">
        <p>
          O serviço é fornecido conforme o plano contratado. Na extensão permitida pela lei, não
          respondemos por danos indiretos, lucros cessantes ou perda de dados causados por uso
          inadequado, por falhas de equipamentos, conexões ou serviços de terceiros, ou pela
          divulgação da sua senha por você. Nada nestes Termos afasta os direitos garantidos ao
          consumidor pelo Código de Defesa do Consumidor (Lei 8.078/1990).
        </p>
      </LegalSection>

      <LegalSection title="9. Dados pessoais">
        <p>
          O tratamento dos seus dados pessoais segue a Lei Geral de Proteção de Dados Pessoais
          (Lei 13.709/2018) e está descrito na nossa{' '}
          <Link to={pathTo('politica_privacidade')}>{privacy}</Link>.
        </p>
      </LegalSection>

      <LegalSection title="10. Alterações destes Termos">
        <p>
          Podemos alterar estes Termos para refletir mudanças no serviço ou na lei. Cada nova
          redação recebe uma nova versão, com a data indicada no início desta página. Quando a
          mudança for relevante, você será avisado e precisará aceitar a nova versão para
          continuar usando o serviço; guardamos qual versão você aceitou e quando.
        </p>
      </LegalSection>

      <LegalSection title="11. Lei aplicável e foro">
        <p>
          Estes Termos são regidos pelas leis da República Federativa do Brasil. Se você for
          consumidor, fica eleito o foro do seu domicílio; nos demais casos, o foro da comarca
          da sede de {provider}.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
