import { formatDateTime, MISSING } from '#shared/format';
import { AUDIT_ACTIONS, type AuditoriaRow } from '#shared/schemas/audit';
import { ADMIN_TEXTS, AUDIT_RESOURCES } from './texts';

/**
 * How Administração → Auditoria words an entry of the trail (decision 099): who, what, on what,
 * whom, and the changed fields with the few values the server keeps.
 */

/** Who acted: their name; 'Sistema' for a job (no person); a person no longer there by id. */
export function auditActor(row: Pick<AuditoriaRow, 'gl_usuario_id' | 'usuario_nome'>): string {
  if (row.gl_usuario_id === null) return ADMIN_TEXTS.sistema;
  return row.usuario_nome ?? ADMIN_TEXTS.pessoaRemovida(row.gl_usuario_id);
}

/** Whom it concerned, when it concerned someone. */
export function auditTarget(row: Pick<AuditoriaRow, 'alvo_usuario_id' | 'alvo_nome'>): string {
  if (row.alvo_usuario_id === null) return MISSING;
  return row.alvo_nome ?? ADMIN_TEXTS.pessoaRemovida(row.alvo_usuario_id);
}

/** The action's pt-BR words; an action this screen does not know yet, as recorded. */
export function auditActionText(acao: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[acao] ?? acao;
}

/** The resource by its back-office name (the table's name when it has none), with the record's id. */
export function auditResourceText(row: Pick<AuditoriaRow, 'recurso' | 'recurso_id'>): string {
  const nome = AUDIT_RESOURCES.find((resource) => resource.id === row.recurso)?.text ?? row.recurso;
  return row.recurso_id ? ADMIN_TEXTS.recursoComId(nome, row.recurso_id) : nome;
}

/** An instant as the JSON of detalhes carries it ('2026-11-28T13:00:00.000Z'). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** One value of detalhes, short: '-' for none, Sim/Não, lists joined, instants on São Paulo's clock. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return MISSING;
  if (typeof value === 'boolean') return value ? ADMIN_TEXTS.sim : ADMIN_TEXTS.nao;
  if (Array.isArray(value)) return value.length === 0 ? MISSING : value.map(auditValueText).join(', ');
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${auditValueText(inner)}`)
      .join('; ');
  }
  if (typeof value === 'number') return String(value);
  return MISSING;
}

/** A field's change as the server keeps it: {de, para}, or {de} alone for a deleted record. */
function changeOf(value: unknown): { de: unknown; para?: unknown } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (!keys.includes('de') || !keys.every((key) => key === 'de' || key === 'para')) return null;
  return value as { de: unknown; para?: unknown };
}

/**
 * The lines of the Campos column: the changed fields whose values are not kept, together on the
 * first line; then one line per entry of detalhes, 'campo: de → para' for a change and
 * 'chave: valor' for an event's data ({nome}, {aplicativo, escopos}, {chaves}).
 */
export function auditChangeLines(row: Pick<AuditoriaRow, 'campos' | 'detalhes'>): string[] {
  const detalhes = row.detalhes ?? {};
  const plain = row.campos.filter((campo) => !(campo in detalhes));
  const lines = plain.length > 0 ? [plain.join(', ')] : [];
  for (const [key, value] of Object.entries(detalhes)) {
    const change = changeOf(value);
    if (!change) lines.push(`${key}: ${auditValueText(value)}`);
    else if ('para' in change) lines.push(`${key}: ${auditValueText(change.de)} → ${auditValueText(change.para)}`);
    else lines.push(`${key}: ${auditValueText(change.de)}`);
  }
  return lines;
}
