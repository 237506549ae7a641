import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { formatDate, toCents } from '#shared/format';
import { todayInSaoPaulo } from '#shared/dates';
import { BOLETO_BANKS } from '#shared/boleto/banks/index';
import type { Database } from '../../platform/db/database.ts';
import { glCidade, glCliente, glEstado, pgBoleto, pgConta, pgFatura, pgRemessa } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { UNPAID_SITUACOES } from '../invoices/index.ts';
import { cnab240Remessa, type RemessaTitle } from './cnab/remessa.ts';
import { bankAccountOf, issueMissingBoletos } from './issue-boleto.ts';

export const REMESSA_MESSAGES = {
  nothing: 'Nenhum boleto a enviar ao banco: todos já estão em um arquivo de remessa.',
  notBoleto: 'Esta conta não emite boletos.',
  made: (numero: number, quantidade: number) => `Remessa nº ${numero} gerada com ${quantidade} ${quantidade === 1 ? 'boleto' : 'boletos'}.`,
} as const;

const clock = (now: Date) => ({
  date: todayInSaoPaulo(now),
  time: new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(now),
});

/**
 * Writes the account's next remessa (issue 40 item 4): the boletos not yet sent (entrada) and
 * those whose invoice was paid or cancelled another way before the bank settled them (baixa),
 * each in exactly one file. Under the account's row lock, so two staff at once make two files
 * with different boletos, or one and a refusal; the file number is one more than the last.
 */
export async function generateRemessa(db: Database, contaId: number, input: { usuarioId: number | null; now?: Date }) {
  // Every open invoice of the account gets its boleto first, batch after batch, so the file
  // names them all.
  while ((await issueMissingBoletos(db, { contaId })) > 0);
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [conta] = await tx.select().from(pgConta).where(eq(pgConta.id, contaId)).for('update');
    if (!conta) throw notFound();
    const bank = conta.boleto_banco ? BOLETO_BANKS.get(conta.boleto_banco) : undefined;
    const account = bankAccountOf(conta);
    if (!bank || !account) throw conflict(REMESSA_MESSAGES.notBoleto, 'not_boleto_account');

    const rows = await tx
      .select({ boleto: pgBoleto, fatura: { id: pgFatura.id, situacao: pgFatura.situacao, criado: pgFatura.datahora_criado }, cliente: glCliente, cidade: glCidade.nome, uf: glEstado.sigla })
      .from(pgBoleto)
      .innerJoin(pgFatura, eq(pgFatura.id, pgBoleto.pg_fatura_id))
      .innerJoin(glCliente, eq(glCliente.id, pgFatura.gl_cliente_id))
      .leftJoin(glCidade, eq(glCidade.id, glCliente.gl_cidade_id))
      .leftJoin(glEstado, eq(glEstado.id, glCidade.gl_estado_id))
      .where(
        and(
          eq(pgBoleto.pg_conta_id, contaId),
          sql`(${and(isNull(pgBoleto.pg_remessa_id), eq(pgBoleto.situacao, 'em_registro'), inArray(pgFatura.situacao, UNPAID_SITUACOES))})
            or (${and(isNull(pgBoleto.baixa_remessa_id), inArray(pgBoleto.situacao, ['em_registro', 'registrado']), notInArray(pgFatura.situacao, UNPAID_SITUACOES), sql`${pgBoleto.pg_remessa_id} is not null`)})`,
        ),
      )
      .orderBy(pgBoleto.sequencia);
    // Never sent, and its invoice settled another way meanwhile: no file needs to name it.
    await tx
      .update(pgBoleto)
      .set({ situacao: 'baixado' })
      .where(
        and(
          eq(pgBoleto.pg_conta_id, contaId),
          isNull(pgBoleto.pg_remessa_id),
          eq(pgBoleto.situacao, 'em_registro'),
          sql`not exists (select 1 from ${pgFatura} f where f.id = ${pgBoleto.pg_fatura_id} and f.situacao in (5, 8))`,
        ),
      );
    if (rows.length === 0) throw conflict(REMESSA_MESSAGES.nothing, 'nothing_to_send');

    const entries = rows.filter((row) => row.boleto.pg_remessa_id === null);
    const baixas = rows.filter((row) => row.boleto.pg_remessa_id !== null);
    const titles: RemessaTitle[] = rows.map(({ boleto, fatura, cliente, cidade, uf }) => ({
      movimento: boleto.pg_remessa_id === null ? '01' : '02',
      nossoNumero: boleto.nosso_numero,
      documento: String(fatura.id),
      vencimento: boleto.data_vencimento,
      valorCents: toCents(boleto.valor) ?? 0,
      emissao: todayInSaoPaulo(fatura.criado),
      jurosMesBp: toCents(conta.juros_mensal_percentual) ?? 0,
      multaBp: toCents(conta.multa_percentual) ?? 0,
      pagador: {
        cpfcnpj: cliente.cpfcnpj,
        nome: cliente.razao_social,
        endereco: [cliente.end_logradouro, cliente.end_numero, cliente.end_complemento].filter(Boolean).join(' '),
        bairro: cliente.end_bairro ?? '',
        cep: cliente.end_cep ?? '',
        cidade: cidade ?? '',
        uf: uf ?? '',
      },
    }));
    const [last] = await tx
      .select({ numero: sql<number>`coalesce(max(${pgRemessa.numero}), 0)::int` })
      .from(pgRemessa)
      .where(eq(pgRemessa.pg_conta_id, contaId));
    const numero = (last?.numero ?? 0) + 1;
    const conteudo = cnab240Remessa({
      beneficiary: {
        bank: bank.code,
        bankName: bank.name,
        cpfcnpj: conta.beneficiario_cpfcnpj ?? '',
        nome: conta.beneficiario_nome ?? '',
        convenio: account.convenio,
        agencia: account.agencia,
        agenciaDv: account.agencia_dv,
        conta: account.conta,
        contaDv: account.conta_dv,
      },
      numero,
      geradoEm: clock(now),
      titles,
    });
    const [remessa] = await tx
      .insert(pgRemessa)
      .values({ pg_conta_id: contaId, numero, conteudo, quantidade: rows.length, gl_usuario_id: input.usuarioId })
      .returning({ id: pgRemessa.id, numero: pgRemessa.numero, quantidade: pgRemessa.quantidade });
    if (!remessa) throw new Error('pg_remessa insert returned nothing');
    if (entries.length) {
      await tx.update(pgBoleto).set({ pg_remessa_id: remessa.id }).where(inArray(pgBoleto.id, entries.map((row) => row.boleto.id)));
    }
    if (baixas.length) {
      await tx
        .update(pgBoleto)
        .set({ baixa_remessa_id: remessa.id, situacao: 'baixa_pedida' })
        .where(inArray(pgBoleto.id, baixas.map((row) => row.boleto.id)));
    }
    return { ...remessa, entradas: entries.length, baixas: baixas.length, fileName: `remessa-${bank.code}-${String(numero).padStart(6, '0')}-${formatDate(todayInSaoPaulo(now)).replace(/\//g, '')}.rem` };
  });
}

/** A remessa as it was written, for the download (the same bytes however often). */
export async function remessaFile(db: Database, remessaId: number) {
  const [row] = await db
    .select({ conteudo: pgRemessa.conteudo, numero: pgRemessa.numero, banco: pgConta.boleto_banco, criado: pgRemessa.datahora_criado })
    .from(pgRemessa)
    .innerJoin(pgConta, eq(pgConta.id, pgRemessa.pg_conta_id))
    .where(eq(pgRemessa.id, remessaId));
  if (!row) throw notFound();
  const day = formatDate(todayInSaoPaulo(row.criado)).replace(/\//g, '');
  return { conteudo: row.conteudo, fileName: `remessa-${row.banco ?? '000'}-${String(row.numero).padStart(6, '0')}-${day}.rem` };
}
