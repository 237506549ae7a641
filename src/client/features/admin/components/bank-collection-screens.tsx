import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoney, MISSING } from '#shared/format';
import { STAFF_LEVEL } from '#shared/schemas/admin';
import type { CobrancaContaDto } from '#shared/schemas/bank-collection';
import { BusyButton } from '#client/components/busy-button';
import { ConfirmDialog } from '#client/components/confirm-dialog';
import { CrudList } from '#client/components/crud/list-page';
import { FilePicker } from '#client/components/file-picker';
import { LoadError } from '#client/components/load-error';
import { isFieldErrorResponse } from '#client/lib/api-client';
import { useSession } from '#client/lib/session';
import { API, adminPath } from '../admin-paths';
import { useBankCollectionAccounts, useGenerateRemessa, useUploadRetorno } from '../api/bank-collection';
import { BANK_COLLECTION_TEXTS as TEXTS } from '../texts';
import type { Remessa, Retorno, RetornoOcorrencia } from '../types';
import { Screen } from './screen';

const fileWhen = (file: CobrancaContaDto['ultima_remessa']) =>
  file ? TEXTS.arquivoDe(file.numero, formatDateTime(file.datahora)) : MISSING;

/** The bank's retorno of one account: the file, then what was applied or why nothing was. */
function RetornoDialog({ conta, onHide }: { conta: CobrancaContaDto | null; onHide: () => void }) {
  const upload = useUploadRetorno();
  const [file, setFile] = useState<File | null>(null);
  const titleId = useId();
  const inputId = useId();
  const problems = isFieldErrorResponse(upload.error) ? upload.error : null;
  const close = () => {
    upload.reset();
    setFile(null);
    onHide();
  };
  return (
    <Modal show={conta !== null} onHide={close} centered size="lg" aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={TEXTS.cancelar}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {conta && TEXTS.retornoTitulo(conta.nome_exibicao)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <label htmlFor={inputId} className="form-label">
          {TEXTS.retornoArquivo}
        </label>
        <FilePicker id={inputId} accept=".ret,.txt,.RET,.TXT,text/plain" invalid={problems !== null} onChange={(files) => setFile(files[0] ?? null)} />
        <p className="form-text">{TEXTS.retornoAjuda}</p>
        {problems && (
          <div className="alert alert-danger" role="alert">
            <p className="mb-2">{problems.message}</p>
            <p className="mb-1 fw-semibold">{TEXTS.retornoErros}</p>
            <ul className="mb-0 small font-monospace">
              {(problems.fieldErrors.arquivo ?? []).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close}>
          {TEXTS.cancelar}
        </Button>
        <BusyButton
          busy={upload.isPending}
          disabled={!file}
          onClick={() => {
            if (!conta || !file) return;
            upload.mutate({ contaId: conta.id, file }, { onSuccess: close });
          }}
        >
          {TEXTS.processar}
        </BusyButton>
      </Modal.Footer>
    </Modal>
  );
}

/** The accounts that issue boletos, each with where its boletos stand and its two files. */
function Accounts({ mayAct }: { mayAct: boolean }) {
  const accounts = useBankCollectionAccounts();
  const generate = useGenerateRemessa();
  const [generating, setGenerating] = useState<CobrancaContaDto | null>(null);
  const [receiving, setReceiving] = useState<CobrancaContaDto | null>(null);
  if (accounts.isError) return <LoadError message={TEXTS.loadFailed} onRetry={() => void accounts.refetch()} />;
  if (!accounts.data) return null;
  if (accounts.data.length === 0) return <p className="alert alert-info">{TEXTS.semContas}</p>;
  return (
    <section aria-labelledby="contas-boleto-titulo">
      <h2 id="contas-boleto-titulo" className="h5">
        {TEXTS.contas}
      </h2>
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <caption className="visually-hidden">{TEXTS.contas}</caption>
          <thead>
            <tr>
              {[TEXTS.conta, TEXTS.banco, TEXTS.aEnviar, TEXTS.aguardandoBanco, TEXTS.registrados, TEXTS.liquidados, TEXTS.rejeitados, TEXTS.ultimaRemessa, TEXTS.ultimoRetorno].map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
              {mayAct && <th scope="col">{TEXTS.acoes}</th>}
            </tr>
          </thead>
          <tbody>
            {accounts.data.map((conta) => (
              <tr key={conta.id} data-conta-id={conta.id}>
                <th scope="row">{conta.nome_exibicao}</th>
                <td>{`${conta.banco} · ${conta.banco_nome}`}</td>
                <td>{conta.a_enviar}</td>
                <td>{conta.aguardando_banco}</td>
                <td>{conta.registrados}</td>
                <td>{conta.liquidados}</td>
                <td>{conta.rejeitados}</td>
                <td>{fileWhen(conta.ultima_remessa)}</td>
                <td>{fileWhen(conta.ultimo_retorno)}</td>
                {mayAct && (
                  <td className="text-nowrap">
                    <div className="d-flex gap-2">
                      <Button size="sm" variant="outline-primary" aria-label={TEXTS.gerarRemessaDe(conta.nome_exibicao)} onClick={() => setGenerating(conta)}>
                        {TEXTS.gerarRemessa}
                      </Button>
                      <Button size="sm" variant="outline-primary" aria-label={TEXTS.enviarRetornoDe(conta.nome_exibicao)} onClick={() => setReceiving(conta)}>
                        {TEXTS.enviarRetorno}
                      </Button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        show={generating !== null}
        title={TEXTS.gerarRemessa}
        confirmLabel={TEXTS.gerarRemessa}
        busy={generate.isPending}
        onCancel={() => setGenerating(null)}
        onConfirm={() => {
          if (!generating) return;
          // Closed either way: 'nothing to send' is the error notice.
          generate.mutate(generating.id, { onSettled: () => setGenerating(null) });
        }}
      >
        {generating && TEXTS.gerarRemessaTexto(generating.nome_exibicao)}
      </ConfirmDialog>
      <RetornoDialog conta={receiving} onHide={() => setReceiving(null)} />
    </section>
  );
}

const download = (path: string, label: string) => (
  <a href={path} download aria-label={label}>
    {TEXTS.baixar}
  </a>
);

function Remessas() {
  return (
    <section className="mt-4" aria-labelledby="remessas-titulo">
      <h2 id="remessas-titulo" className="h5">
        {TEXTS.remessas}
      </h2>
      <CrudList<Remessa>
        child
        caption={TEXTS.remessas}
        base={API.remessa}
        columns={[
          { header: TEXTS.numero, cell: (row) => row.numero },
          { header: TEXTS.conta, cell: (row) => row.conta_nome },
          { header: TEXTS.geradaEm, cell: (row) => formatDateTime(row.datahora_criado) },
          { header: TEXTS.boletos, cell: (row) => row.quantidade },
          { header: TEXTS.arquivo, cell: (row) => download(`${API.remessa}/${row.id}/arquivo`, TEXTS.baixarRemessa(row.numero, row.conta_nome)) },
        ]}
      />
    </section>
  );
}

function Retornos() {
  return (
    <section className="mt-4" aria-labelledby="retornos-titulo">
      <h2 id="retornos-titulo" className="h5">
        {TEXTS.retornos}
      </h2>
      <CrudList<Retorno>
        child
        caption={TEXTS.retornos}
        base={API.retorno}
        columns={[
          { header: TEXTS.recebidoEm, cell: (row) => formatDateTime(row.datahora_criado) },
          { header: TEXTS.conta, cell: (row) => row.conta_nome },
          { header: TEXTS.numero, cell: (row) => row.numero },
          { header: TEXTS.arquivo, cell: (row) => <a href={`${API.retorno}/${row.id}/arquivo`} download>{row.nome_arquivo}</a> },
          { header: TEXTS.registrados, cell: (row) => row.registrados },
          { header: TEXTS.liquidados, cell: (row) => row.liquidados },
          { header: TEXTS.rejeitados, cell: (row) => row.rejeitados },
          { header: TEXTS.paraConferir, cell: (row) => (row.atencao > 0 ? <strong className="text-danger">{row.atencao}</strong> : row.atencao) },
          { header: TEXTS.outras, cell: (row) => row.outras },
        ]}
      />
    </section>
  );
}

const NEEDS_ATTENTION = new Set<RetornoOcorrencia['resultado']>(['ja_paga', 'desconhecido', 'rejeitado']);

function Occurrences() {
  return (
    <section className="mt-4" aria-labelledby="ocorrencias-titulo">
      <h2 id="ocorrencias-titulo" className="h5">
        {TEXTS.ocorrencias}
      </h2>
      <p className="text-body-secondary">{TEXTS.ocorrenciasIntro}</p>
      <CrudList<RetornoOcorrencia>
        child
        caption={TEXTS.ocorrencias}
        base={API.retornoOcorrencia}
        columns={[
          { header: TEXTS.data, cell: (row) => (row.data_ocorrencia ? formatDate(row.data_ocorrencia) : MISSING) },
          { header: TEXTS.conta, cell: (row) => row.conta_nome },
          { header: TEXTS.nossoNumero, cell: (row) => <code>{row.nosso_numero}</code> },
          {
            header: TEXTS.fatura,
            cell: (row) =>
              row.pg_fatura_id ? <Link to={adminPath('faturas', row.pg_fatura_id)}>{`${row.pg_fatura_id} · ${row.cliente_nome ?? MISSING}`}</Link> : MISSING,
          },
          { header: TEXTS.ocorrencia, cell: (row) => row.descricao },
          { header: TEXTS.valorPago, cell: (row) => (row.valor_pago ? formatMoney(row.valor_pago) : MISSING) },
          {
            header: TEXTS.resultado,
            cell: (row) =>
              NEEDS_ATTENTION.has(row.resultado) ? <strong className="text-danger">{TEXTS.resultados[row.resultado]}</strong> : TEXTS.resultados[row.resultado],
          },
        ]}
      />
    </section>
  );
}

/** Administração → Cobrança bancária (issue 40): the accounts, the remessas, the retornos and what they said. */
export function BankCollectionPage() {
  const nivel = useSession().usuario?.nivel ?? STAFF_LEVEL.operator;
  return (
    <Screen title={TEXTS.title}>
      <p className="text-body-secondary">{TEXTS.intro}</p>
      <Accounts mayAct={nivel <= STAFF_LEVEL.supervisor} />
      <Remessas />
      <Retornos />
      <Occurrences />
    </Screen>
  );
}
