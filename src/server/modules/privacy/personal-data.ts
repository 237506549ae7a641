import { asc, desc, eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { formatDateTime } from '#shared/format';
import { LEGAL_DOCUMENTS, type LegalDocument } from '#shared/legal';
import type { Queryable } from '../../platform/db/database.ts';
import {
  glCliente,
  glClienteUsuario,
  glEmailSaida,
  glSessao,
  glUsuario,
  glUsuarioAcesso,
  glUsuarioChaveAcesso,
  glUsuarioDispositivo,
} from '../../platform/db/schema.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';
import { listConsents } from './legal-versions.ts';
import { newestFirst } from '../../platform/db/newest-first.ts';

/**
 * Everything the portal holds about a person, as they receive it (LGPD art. 18, II and V; issue
 * 19): their record, client links with their level, consents, sessions, trusted devices,
 * passkeys' names, sign-in history and the e-mails sent to them. Never a secret: no password hash,
 * TOTP secret, recovery key, token or token hash, passkey key material (each select names its
 * columns, so a new secret column does not slip in).
 */
export async function collectPersonalData(db: Queryable, usuarioId: number) {
  const [usuario] = await db
    .select({
      id: glUsuario.id,
      nome: glUsuario.nome,
      apelido: glUsuario.apelido,
      email: glUsuario.email,
      telefone_celular: glUsuario.telefone_celular,
      ativo: glUsuario.ativo,
      twofa_ativo: glUsuario.twofa_ativo,
      datahora_criado: glUsuario.datahora_criado,
      datahora_modificado: glUsuario.datahora_modificado,
      datahora_senha_alterada: glUsuario.datahora_senha_alterada,
    })
    .from(glUsuario)
    .where(eq(glUsuario.id, usuarioId));
  if (!usuario) throw new Error(`gl_usuario ${usuarioId} not found`);
  const [clientes, consentimentos, sessoes, dispositivos, chaves_de_acesso, acessos, emails] =
    await Promise.all([
      db
        .select({
          cliente_id: glCliente.id,
          razao_social: glCliente.razao_social,
          cpfcnpj: glCliente.cpfcnpj,
          nivel: glClienteUsuario.nivel,
          desde: glClienteUsuario.datahora_criado,
        })
        .from(glClienteUsuario)
        .innerJoin(glCliente, eq(glCliente.id, glClienteUsuario.gl_cliente_id))
        .where(eq(glClienteUsuario.gl_usuario_id, usuarioId))
        .orderBy(asc(glCliente.razao_social)),
      listConsents(db, usuarioId),
      db
        .select({
          ip: glSessao.ip,
          user_agent: glSessao.user_agent,
          datahora_criado: glSessao.datahora_criado,
          datahora_ultimo_acesso: glSessao.datahora_ultimo_acesso,
          datahora_expira: glSessao.datahora_expira,
        })
        .from(glSessao)
        .where(eq(glSessao.gl_usuario_id, usuarioId))
        .orderBy(desc(glSessao.datahora_criado)),
      db
        .select({
          nome: glUsuarioDispositivo.nome,
          confiado_em: glUsuarioDispositivo.trusted_datetime,
          ip: glUsuarioDispositivo.trusted_ip,
          confiado_ate: glUsuarioDispositivo.trusted_until,
        })
        .from(glUsuarioDispositivo)
        .where(eq(glUsuarioDispositivo.gl_usuario_id, usuarioId)),
      db
        .select({
          nome: glUsuarioChaveAcesso.nome,
          datahora_criado: glUsuarioChaveAcesso.datahora_criado,
          datahora_ultimo_uso: glUsuarioChaveAcesso.datahora_ultimo_uso,
        })
        .from(glUsuarioChaveAcesso)
        .where(eq(glUsuarioChaveAcesso.gl_usuario_id, usuarioId)),
      db
        .select({
          tipo: glUsuarioAcesso.tipo,
          ip: glUsuarioAcesso.ip,
          user_agent: glUsuarioAcesso.user_agent,
          datahora: glUsuarioAcesso.datahora_criado,
        })
        .from(glUsuarioAcesso)
        .where(eq(glUsuarioAcesso.gl_usuario_id, usuarioId))
        .orderBy(newestFirst(glUsuarioAcesso.datahora_criado)),
      db
        .select({
          assunto: glEmailSaida.assunto,
          situacao: glEmailSaida.situacao,
          datahora_criado: glEmailSaida.datahora_criado,
          datahora_enviado: glEmailSaida.datahora_enviado,
        })
        .from(glEmailSaida)
        .where(sql`lower(${glEmailSaida.destinatario}) = lower(${usuario.email})`)
        .orderBy(desc(glEmailSaida.datahora_criado)),
    ]);
  return {
    usuario,
    clientes,
    consentimentos,
    sessoes,
    dispositivos,
    chaves_de_acesso,
    acessos,
    emails,
  };
}

export type PersonalData = Awaited<ReturnType<typeof collectPersonalData>>;

const when = (value: Date | null) => (value ? formatDateTime(value) : '-');
type Cell = string | number | null;
const cell = (value: Cell) => `<td>${escapeHtml(value === null ? '-' : String(value))}</td>`;

function table(caption: string, headers: string[], rows: Cell[][]): string {
  if (rows.length === 0) return `<h2>${escapeHtml(caption)}</h2><p>Nenhum registro.</p>`;
  return `<h2>${escapeHtml(caption)}</h2>
<table><thead><tr>${headers.map((header) => `<th>${escapeHtml(header)}</th>`).join('')}</tr></thead>
<tbody>${rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('\n')}</tbody></table>`;
}

/** The same data for a person to read, in pt-BR (times in Brasília's). */
function personalDataSummary(data: PersonalData, providerName: string, now: Date): string {
  const { usuario } = data;
  const documentTitle = (documento: string) =>
    LEGAL_DOCUMENTS[documento as LegalDocument]?.titulo ?? documento;
  return `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><title>Seus dados em ${escapeHtml(providerName)}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;margin:2rem;color:#1f2933}table{border-collapse:collapse;margin-bottom:1.5rem}th,td{border:1px solid #cbd2d9;padding:.3rem .6rem;text-align:left;font-size:.9rem}</style>
</head>
<body>
<h1>Seus dados em ${escapeHtml(providerName)}</h1>
<p>Cópia gerada em ${escapeHtml(formatDateTime(now))} (horário de Brasília), a seu pedido, conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018, art. 18). O arquivo <code>dados.json</code> tem os mesmos dados em formato legível por máquina.</p>
${table('Cadastro', ['Nome', 'Apelido', 'E-mail', 'Celular', 'Criado em', '2FA ativo'], [[usuario.nome, usuario.apelido, usuario.email, usuario.telefone_celular, when(usuario.datahora_criado), usuario.twofa_ativo ? 'Sim' : 'Não']])}
${table(
  'Contas de cliente',
  ['Razão social', 'CPF/CNPJ', 'Nível', 'Desde'],
  data.clientes.map((c) => [c.razao_social, c.cpfcnpj, c.nivel, when(c.desde)]),
)}
${table(
  'Consentimentos',
  ['Documento', 'Versão', 'Aceito em', 'IP'],
  data.consentimentos.map((c) => [
    documentTitle(c.documento),
    c.versao,
    when(c.datahora_aceite),
    c.ip,
  ]),
)}
${table(
  'Sessões ativas',
  ['Início', 'Último acesso', 'IP', 'Navegador'],
  data.sessoes.map((s) => [
    when(s.datahora_criado),
    when(s.datahora_ultimo_acesso),
    s.ip,
    s.user_agent,
  ]),
)}
${table(
  'Dispositivos confiáveis',
  ['Nome', 'Confiado em', 'Até', 'IP'],
  data.dispositivos.map((d) => [d.nome, when(d.confiado_em), when(d.confiado_ate), d.ip]),
)}
${table(
  'Chaves de acesso (passkeys)',
  ['Nome', 'Criada em', 'Último uso'],
  data.chaves_de_acesso.map((k) => [k.nome, when(k.datahora_criado), when(k.datahora_ultimo_uso)]),
)}
${table(
  'Histórico de acessos',
  ['Quando', 'Resultado', 'IP', 'Navegador'],
  data.acessos.map((a) => [when(a.datahora), a.tipo, a.ip, a.user_agent]),
)}
${table(
  'E-mails enviados a você',
  ['Quando', 'Assunto', 'Situação'],
  data.emails.map((e) => [when(e.datahora_criado), e.assunto, e.situacao]),
)}
</body>
</html>`;
}

/** The ZIP the person downloads: dados.json and resumo.html. */
export function personalDataZip(data: PersonalData, providerName: string, now: Date): Uint8Array {
  return zipSync({
    'dados.json': strToU8(JSON.stringify({ gerado_em: now.toISOString(), ...data }, null, 2)),
    'resumo.html': strToU8(personalDataSummary(data, providerName, now)),
  });
}
