import { Link } from 'react-router';
import { LEGAL_DOCUMENTS } from '#shared/legal';
import { providerName } from '#client/lib/page-meta';
import { pathTo } from '#client/paths';
import { ContactChannel, LegalPage, LegalSection } from './legal-page';

/**
 * politica_privacidade (/politica-de-privacidade): the privacy policy the sign-up's consent
 * links to (§2 Create account, docs/decisions/017-sign-up.md), under the LGPD (Lei 13.709/2018).
 * A new text needs a new version in src/shared/legal.ts.
 */
export function PrivacyPage() {
  const provider = providerName();
  const terms = LEGAL_DOCUMENTS.termos_uso.titulo;
  return (
    <LegalPage document="politica_privacidade">
      <p>
        Esta Política de Privacidade explica como {provider} trata os dados pessoais de quem usa
        o portal do cliente e os aplicativos integrados a ele, em conformidade com a Lei Geral de
        Proteção de Dados Pessoais (LGPD, Lei 13.709/2018). Ela complementa os{' '}
        <Link to={pathTo('termos_uso')}>{terms}</Link>.
      </p>

      <LegalSection title="1. Quem trata os seus dados">
        <p>
          {provider} é o controlador dos dados pessoais tratados no portal, isto é, quem decide
          como e para que eles são usados. Dúvidas e pedidos sobre os seus dados podem ser
          enviados <ContactChannel />.
        </p>
      </LegalSection>

      <LegalSection title="2. Quais dados tratamos">
        <ul>
          <li>
            <strong>Cadastro:</strong> nome, e-mail, celular, CPF ou CNPJ e, para empresas, o nome
            da empresa; apelido, quando você o informa.
          </li>
          <li>
            <strong>Contratação de planos:</strong> tipo de pessoa, razão social, telefones,
            endereço completo com CEP e cidade, data de nascimento (pessoas físicas), forma de
            pagamento escolhida e os comprovantes que o plano exigir.
          </li>
          <li>
            <strong>Faturamento:</strong> faturas, pagamentos e notas fiscais de serviço (NFS-e).
          </li>
          <li>
            <strong>Segurança e acesso:</strong> senha (guardada apenas de forma irreversível),
            configuração da verificação em duas etapas, dispositivos em que você confia, registros
            de acesso com data, hora e endereço IP, e o registro de quando você aceitou cada
            versão destes documentos.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="3. Para que usamos os dados e com qual base legal">
        <ul>
          <li>
            <strong>Criar e manter a sua conta, prestar o serviço contratado e cobrar por ele</strong>{' '}
            — execução de contrato e de procedimentos preliminares a ele (art. 7º, V, da LGPD).
          </li>
          <li>
            <strong>Emitir notas fiscais, guardar documentos fiscais e registros de acesso</strong>{' '}
            — cumprimento de obrigação legal ou regulatória (art. 7º, II), como a legislação
            tributária e o Marco Civil da Internet (Lei 12.965/2014).
          </li>
          <li>
            <strong>
              Proteger a sua conta e o serviço contra fraudes, acessos indevidos e abusos
            </strong>{' '}
            — legítimo interesse (art. 7º, IX), sempre respeitando os seus direitos e as suas
            expectativas.
          </li>
          <li>
            <strong>Defender direitos em processos judiciais, administrativos ou arbitrais</strong>{' '}
            — exercício regular de direitos (art. 7º, VI).
          </li>
        </ul>
        <p>Não vendemos dados pessoais e não os usamos para publicidade de terceiros.</p>
      </LegalSection>

      <LegalSection title="4. Cookies">
        <p>Usamos apenas cookies estritamente necessários ao funcionamento do portal:</p>
        <ul>
          <li>
            <strong>Sessão:</strong> mantém você conectado depois do login e expira após um
            período sem uso;
          </li>
          <li>
            <strong>Proteção contra falsificação de requisições (CSRF):</strong> confirma que cada
            ação partiu do próprio portal;
          </li>
          <li>
            <strong>Dispositivo confiável:</strong> só quando você marca a opção no login, lembra
            por até 60 dias que este dispositivo dispensa o código de verificação em duas etapas;
          </li>
          <li>
            <strong>Navegador conhecido:</strong> a cada login, reconhece por até 400 dias os
            navegadores em que você já entrou, para avisá-lo por e-mail quando sua conta for
            acessada de um navegador novo.
          </li>
        </ul>
        <p>
          Esses cookies não servem para publicidade nem para rastrear você em outros sites. Se
          você bloqueá-los no navegador, não será possível entrar no portal.
        </p>
      </LegalSection>

      <LegalSection title="5. Com quem compartilhamos">
        <ul>
          <li>
            <strong>Instituições de pagamento e bancos</strong> que processam as cobranças, na
            medida necessária para isso;
          </li>
          <li>
            <strong>Prefeitura do município competente</strong>, para a emissão da NFS-e, com os
            dados que a nota fiscal exige;
          </li>
          <li>
            <strong>Fornecedores que nos apoiam</strong>, como hospedagem e envio de e-mails,
            obrigados por contrato a tratar os dados apenas conforme as nossas instruções;
          </li>
          <li>
            <strong>Autoridades públicas</strong>, quando a lei ou uma ordem judicial o exigir.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="6. Transferência internacional">
        <p>
          Não transferimos dados pessoais para outros países. Se isso vier a ser necessário, a
          transferência seguirá as hipóteses do art. 33 da LGPD e esta Política será atualizada
          antes.
        </p>
      </LegalSection>

      <LegalSection title="7. Por quanto tempo guardamos">
        <p>
          Guardamos os dados enquanto a sua conta estiver ativa e, depois disso, apenas pelo
          tempo que a lei exigir ou permitir: documentos fiscais e de cobrança pelo prazo da
          legislação tributária; registros de acesso por, no mínimo, seis meses, como determina o
          Marco Civil da Internet; e o que for necessário para o exercício de direitos, até o fim
          dos prazos de prescrição. Passados esses prazos, os dados são eliminados ou
          anonimizados.
        </p>
      </LegalSection>

      <LegalSection title="8. Os seus direitos">
        <p>Nos termos do art. 18 da LGPD, você pode pedir, a qualquer momento:</p>
        <ul>
          <li>a confirmação de que tratamos os seus dados e o acesso a eles;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>
            a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou
            tratados em desconformidade com a lei;
          </li>
          <li>a portabilidade dos dados a outro fornecedor, observados os segredos comercial e industrial;</li>
          <li>
            a eliminação dos dados tratados com base no seu consentimento, salvo nas hipóteses de
            guarda previstas em lei;
          </li>
          <li>a informação sobre com quem compartilhamos os seus dados;</li>
          <li>
            a informação sobre a possibilidade de não dar consentimento e as suas consequências, e
            a revogação do consentimento dado.
          </li>
        </ul>
        <p>
          Você mesmo pode corrigir nome, apelido e celular em Meus dados. Para os demais pedidos,
          fale conosco <ContactChannel />; poderemos confirmar a sua identidade antes de atender,
          para proteger os seus dados. Você também pode apresentar reclamação à Autoridade
          Nacional de Proteção de Dados (ANPD).
        </p>
      </LegalSection>

      <LegalSection title="9. Como protegemos os dados">
        <p>
          As senhas são guardadas apenas como resumo criptográfico (argon2), nunca em texto; a
          verificação em duas etapas (2FA) pode ser ativada por você, e as chaves de recuperação
          também são guardadas de forma irreversível. As sessões ficam no servidor, os cookies
          não podem ser lidos por scripts da página, as conexões são protegidas e o acesso
          interno aos dados é restrito a quem precisa dele. Se ocorrer um incidente de segurança
          que possa causar risco ou dano relevante, avisaremos a ANPD e as pessoas afetadas, como
          determina o art. 48 da LGPD.
        </p>
      </LegalSection>

      <LegalSection title="10. Alterações desta Política">
        <p>
          Esta Política pode ser atualizada. Cada nova redação recebe uma nova versão, com a data
          indicada no início desta página; quando a mudança for relevante, você será avisado e,
          quando necessário, convidado a aceitar a nova versão.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
