/** Relations (drizzle's relational query API), over the tables of every schema file. */
import { relations } from 'drizzle-orm';
import { glCliente, glClienteUsuario } from './clients.ts';
import { glContrato, glContratoEvento, glContratoEventoArquivo } from './contracts.ts';
import { glCidade, glEstado } from './geo.ts';
import { pgFatura, pgFaturaItem, pgNfse } from './invoices.ts';
import { glPlano, glPlanoPagamento, pgConta } from './plans.ts';
import { glUsuarioTermoAceite } from './privacy.ts';
import { glProduto } from './products.ts';
import { glUsuarioSenhaToken } from './recovery.ts';
import { glUsuarioAcesso, glUsuarioChaveAcesso, glUsuarioNavegador } from './security.ts';
import { glAcessoEvento, glSessao } from './session.ts';
import { glArquivo } from './storage.ts';
import { glUsuarioChaveRecuperacao, glUsuarioDispositivo, glUsuarioTotpPasso } from './twofa.ts';
import { glUsuario } from './users.ts';

export const glEstadoRelations = relations(glEstado, ({ many }) => ({
  cidades: many(glCidade),
}));

export const glCidadeRelations = relations(glCidade, ({ one, many }) => ({
  estado: one(glEstado, { fields: [glCidade.gl_estado_id], references: [glEstado.id] }),
  clientes: many(glCliente),
}));

export const glUsuarioRelations = relations(glUsuario, ({ many }) => ({
  clientesUsuario: many(glClienteUsuario),
  sessoes: many(glSessao),
  acessoEventos: many(glAcessoEvento),
  chavesRecuperacao: many(glUsuarioChaveRecuperacao),
  dispositivos: many(glUsuarioDispositivo),
  acessos: many(glUsuarioAcesso),
  navegadores: many(glUsuarioNavegador),
  chavesAcesso: many(glUsuarioChaveAcesso),
  totpPassos: many(glUsuarioTotpPasso),
  senhaTokens: many(glUsuarioSenhaToken),
  termosAceite: many(glUsuarioTermoAceite),
  contratoEventos: many(glContratoEvento),
  arquivos: many(glArquivo),
}));

export const glClienteRelations = relations(glCliente, ({ one, many }) => ({
  cidade: one(glCidade, { fields: [glCliente.gl_cidade_id], references: [glCidade.id] }),
  clientesUsuario: many(glClienteUsuario),
  contratos: many(glContrato),
  faturas: many(pgFatura),
  sessoes: many(glSessao),
  acessoEventos: many(glAcessoEvento),
}));

export const glClienteUsuarioRelations = relations(glClienteUsuario, ({ one }) => ({
  cliente: one(glCliente, { fields: [glClienteUsuario.gl_cliente_id], references: [glCliente.id] }),
  usuario: one(glUsuario, { fields: [glClienteUsuario.gl_usuario_id], references: [glUsuario.id] }),
}));

export const glProdutoRelations = relations(glProduto, ({ many }) => ({
  planos: many(glPlano),
  contratos: many(glContrato),
  sessoes: many(glSessao),
  acessoEventos: many(glAcessoEvento),
}));

export const glPlanoRelations = relations(glPlano, ({ one, many }) => ({
  produto: one(glProduto, { fields: [glPlano.gl_produto_id], references: [glProduto.id] }),
  planosPagamento: many(glPlanoPagamento),
  contratos: many(glContrato),
  contratoEventos: many(glContratoEvento),
}));

export const glPlanoPagamentoRelations = relations(glPlanoPagamento, ({ one, many }) => ({
  plano: one(glPlano, { fields: [glPlanoPagamento.gl_plano_id], references: [glPlano.id] }),
  contratos: many(glContrato),
  contratoEventos: many(glContratoEvento),
}));

export const pgContaRelations = relations(pgConta, ({ many }) => ({
  contratos: many(glContrato),
  contratoEventos: many(glContratoEvento),
}));

export const glContratoRelations = relations(glContrato, ({ one, many }) => ({
  cliente: one(glCliente, { fields: [glContrato.gl_cliente_id], references: [glCliente.id] }),
  produto: one(glProduto, { fields: [glContrato.gl_produto_id], references: [glProduto.id] }),
  plano: one(glPlano, { fields: [glContrato.gl_plano_id], references: [glPlano.id] }),
  planoPagamento: one(glPlanoPagamento, {
    fields: [glContrato.gl_plano_pagamento_id],
    references: [glPlanoPagamento.id],
  }),
  conta: one(pgConta, { fields: [glContrato.pg_conta_id], references: [pgConta.id] }),
  eventos: many(glContratoEvento),
  faturas: many(pgFatura),
}));

export const glContratoEventoRelations = relations(glContratoEvento, ({ one, many }) => ({
  contrato: one(glContrato, {
    fields: [glContratoEvento.gl_contrato_id],
    references: [glContrato.id],
  }),
  plano: one(glPlano, { fields: [glContratoEvento.gl_plano_id], references: [glPlano.id] }),
  planoPagamento: one(glPlanoPagamento, {
    fields: [glContratoEvento.gl_plano_pagamento_id],
    references: [glPlanoPagamento.id],
  }),
  conta: one(pgConta, { fields: [glContratoEvento.pg_conta_id], references: [pgConta.id] }),
  usuario: one(glUsuario, { fields: [glContratoEvento.gl_usuario_id], references: [glUsuario.id] }),
  arquivos: many(glContratoEventoArquivo),
}));

export const glArquivoRelations = relations(glArquivo, ({ one, many }) => ({
  usuario: one(glUsuario, { fields: [glArquivo.gl_usuario_id], references: [glUsuario.id] }),
  contratoEventos: many(glContratoEventoArquivo),
  nfsePdf: many(pgNfse, { relationName: 'nfse_pdf' }),
  nfseXml: many(pgNfse, { relationName: 'nfse_xml' }),
}));

export const glContratoEventoArquivoRelations = relations(glContratoEventoArquivo, ({ one }) => ({
  evento: one(glContratoEvento, {
    fields: [glContratoEventoArquivo.gl_contrato_evento_id],
    references: [glContratoEvento.id],
  }),
  arquivo: one(glArquivo, {
    fields: [glContratoEventoArquivo.gl_arquivo_id],
    references: [glArquivo.id],
  }),
}));

export const glSessaoRelations = relations(glSessao, ({ one, many }) => ({
  usuario: one(glUsuario, { fields: [glSessao.gl_usuario_id], references: [glUsuario.id] }),
  cliente: one(glCliente, { fields: [glSessao.gl_cliente_id], references: [glCliente.id] }),
  produto: one(glProduto, { fields: [glSessao.gl_produto_id], references: [glProduto.id] }),
  acessoEventos: many(glAcessoEvento),
}));

export const glAcessoEventoRelations = relations(glAcessoEvento, ({ one }) => ({
  usuario: one(glUsuario, { fields: [glAcessoEvento.gl_usuario_id], references: [glUsuario.id] }),
  produto: one(glProduto, { fields: [glAcessoEvento.gl_produto_id], references: [glProduto.id] }),
  cliente: one(glCliente, { fields: [glAcessoEvento.gl_cliente_id], references: [glCliente.id] }),
  sessao: one(glSessao, { fields: [glAcessoEvento.gl_sessao_id], references: [glSessao.id] }),
}));

export const glUsuarioChaveRecuperacaoRelations = relations(
  glUsuarioChaveRecuperacao,
  ({ one }) => ({
    usuario: one(glUsuario, {
      fields: [glUsuarioChaveRecuperacao.gl_usuario_id],
      references: [glUsuario.id],
    }),
  }),
);

export const glUsuarioAcessoRelations = relations(glUsuarioAcesso, ({ one }) => ({
  usuario: one(glUsuario, { fields: [glUsuarioAcesso.gl_usuario_id], references: [glUsuario.id] }),
}));

export const glUsuarioNavegadorRelations = relations(glUsuarioNavegador, ({ one }) => ({
  usuario: one(glUsuario, { fields: [glUsuarioNavegador.gl_usuario_id], references: [glUsuario.id] }),
}));

export const glUsuarioChaveAcessoRelations = relations(glUsuarioChaveAcesso, ({ one }) => ({
  usuario: one(glUsuario, { fields: [glUsuarioChaveAcesso.gl_usuario_id], references: [glUsuario.id] }),
}));

export const glUsuarioDispositivoRelations = relations(glUsuarioDispositivo, ({ one }) => ({
  usuario: one(glUsuario, {
    fields: [glUsuarioDispositivo.gl_usuario_id],
    references: [glUsuario.id],
  }),
}));

export const glUsuarioTotpPassoRelations = relations(glUsuarioTotpPasso, ({ one }) => ({
  usuario: one(glUsuario, {
    fields: [glUsuarioTotpPasso.gl_usuario_id],
    references: [glUsuario.id],
  }),
}));

export const glUsuarioSenhaTokenRelations = relations(glUsuarioSenhaToken, ({ one }) => ({
  usuario: one(glUsuario, {
    fields: [glUsuarioSenhaToken.gl_usuario_id],
    references: [glUsuario.id],
  }),
}));

export const glUsuarioTermoAceiteRelations = relations(glUsuarioTermoAceite, ({ one }) => ({
  usuario: one(glUsuario, {
    fields: [glUsuarioTermoAceite.gl_usuario_id],
    references: [glUsuario.id],
  }),
}));

export const pgFaturaRelations = relations(pgFatura, ({ one, many }) => ({
  cliente: one(glCliente, { fields: [pgFatura.gl_cliente_id], references: [glCliente.id] }),
  contrato: one(glContrato, { fields: [pgFatura.gl_contrato_id], references: [glContrato.id] }),
  itens: many(pgFaturaItem),
  nfse: one(pgNfse),
}));

export const pgFaturaItemRelations = relations(pgFaturaItem, ({ one }) => ({
  fatura: one(pgFatura, { fields: [pgFaturaItem.pg_fatura_id], references: [pgFatura.id] }),
}));

export const pgNfseRelations = relations(pgNfse, ({ one }) => ({
  fatura: one(pgFatura, { fields: [pgNfse.pg_fatura_id], references: [pgFatura.id] }),
  pdfArquivo: one(glArquivo, {
    fields: [pgNfse.pdf_arquivo_id],
    references: [glArquivo.id],
    relationName: 'nfse_pdf',
  }),
  xmlArquivo: one(glArquivo, {
    fields: [pgNfse.xml_arquivo_id],
    references: [glArquivo.id],
    relationName: 'nfse_xml',
  }),
}));
