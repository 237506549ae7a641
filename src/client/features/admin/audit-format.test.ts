import { describe, expect, it } from 'vitest';
import { auditActionText, auditActor, auditChangeLines, auditResourceText, auditTarget, auditValueText } from './audit-format';

describe('Auditoria: how an entry of the trail reads (decision 099)', () => {
  it("names who acted, 'Sistema' for a job, and a person no longer there by id", () => {
    expect(auditActor({ gl_usuario_id: 1, usuario_nome: 'Administradora Demo' })).toBe('Administradora Demo');
    expect(auditActor({ gl_usuario_id: null, usuario_nome: null })).toBe('Sistema');
    expect(auditActor({ gl_usuario_id: 42, usuario_nome: null })).toBe('Pessoa removida (ID 42)');
  });

  it("names whom it concerned, '-' when nobody", () => {
    expect(auditTarget({ alvo_usuario_id: 3, alvo_nome: 'Lucas Pereira' })).toBe('Lucas Pereira');
    expect(auditTarget({ alvo_usuario_id: null, alvo_nome: null })).toBe('-');
    expect(auditTarget({ alvo_usuario_id: 9, alvo_nome: null })).toBe('Pessoa removida (ID 9)');
  });

  it("words the action in pt-BR, and shows an action it does not know as recorded", () => {
    expect(auditActionText('alterar')).toBe('Alterou');
    expect(auditActionText('chave_acesso_adicionada')).toBe('Adicionou uma chave de acesso');
    expect(auditActionText('acao_nova')).toBe('acao_nova');
  });

  it("names the resource as the back-office does, with the record's id", () => {
    expect(auditResourceText({ recurso: 'gl_cliente', recurso_id: '3' })).toBe('Clientes (ID 3)');
    expect(auditResourceText({ recurso: 'gl_cliente_usuario', recurso_id: '12' })).toBe('Vínculos de usuários (ID 12)');
    expect(auditResourceText({ recurso: 'gl_oidc_consentimento', recurso_id: null })).toBe('gl_oidc_consentimento');
  });

  it('lists the changed fields, and each kept value as "campo: de → para"', () => {
    expect(auditChangeLines({ campos: ['nome_fantasia', 'email'], detalhes: null })).toEqual(['nome_fantasia, email']);
    expect(
      auditChangeLines({
        campos: ['gl_cliente_id', 'gl_usuario_id', 'nivel'],
        detalhes: { gl_cliente_id: { de: null, para: 3 }, gl_usuario_id: { de: null, para: 7 }, nivel: { de: null, para: 20 } },
      }),
    ).toEqual(['gl_cliente_id: - → 3', 'gl_usuario_id: - → 7', 'nivel: - → 20']);
    expect(
      auditChangeLines({
        campos: ['nome', 'primeira_parte'],
        detalhes: { primeira_parte: { de: false, para: true } },
      }),
    ).toEqual(['nome', 'primeira_parte: Não → Sim']);
    // A deleted record keeps only what it was.
    expect(auditChangeLines({ campos: [], detalhes: { nivel: { de: 10 } } })).toEqual(['nivel: 10']);
  });

  it("shows an event's own data briefly: names, lists, instants on São Paulo's clock", () => {
    expect(auditChangeLines({ campos: [], detalhes: { nome: 'Notebook do trabalho' } })).toEqual(['nome: Notebook do trabalho']);
    expect(
      auditChangeLines({ campos: [], detalhes: { aplicativo: 'Vendas', escopos: ['openid', 'profile'] } }),
    ).toEqual(['aplicativo: Vendas', 'escopos: openid, profile']);
    expect(auditChangeLines({ campos: [], detalhes: { datahora_confirmado: '2026-11-28T13:05:00.000Z' } })).toEqual([
      'datahora_confirmado: 28/11/2026 10:05',
    ]);
    expect(auditChangeLines({ campos: [], detalhes: null })).toEqual([]);
    expect(auditValueText({ a: 1, b: [] })).toBe('a: 1; b: -');
    expect(auditValueText(['https://a.exemplo.com.br/cb', 'https://b.exemplo.com.br/cb'])).toBe(
      'https://a.exemplo.com.br/cb, https://b.exemplo.com.br/cb',
    );
  });
});
