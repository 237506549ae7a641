import type { LoginInfo, PublicProduct } from '#shared/schemas/auth';

/** GET /api/gl_produto/{pid}/edit for product 2 ('Gestão'), the product of signedInSession(). */
export function publicProduct(overrides: Partial<PublicProduct> = {}): PublicProduct {
  return {
    id: 2,
    nome: 'Gestão',
    url: 'https://gestao.exemplo.com.br/entrar',
    logo_url: null,
    cadastro_permitido: true,
    cadastro_usuario_inativo: false,
    ...overrides,
  };
}

/**
 * A login info (§3) of Maria Souza, one client (Padaria Central) with a contract, product 2: like
 * signedInSession().
 */
export function loginInfo(overrides: Partial<LoginInfo> = {}): LoginInfo {
  return {
    ok: true,
    senha_revalidar: false,
    evento: { id: 41, token: 'evento-token-41' },
    sessao: { id: '5b0c6a3e-1d1f-4a51-9d0e-7a7a8f1e2b3c', token: 'sessao-token' },
    usuario: { id: 7, nome: 'Maria Souza', email: 'maria@exemplo.com.br', nivel: null },
    produto: {
      id: 2,
      nome: 'Gestão',
      url: 'https://gestao.exemplo.com.br/entrar',
      logo_url: null,
      cadastro_usuario_inativo: false,
      cadastro_permitido: true,
    },
    cliente: {
      id: 3,
      razao_social: 'Padaria Central Ltda',
      nome_fantasia: 'Padaria Central',
      cpfcnpj: '11222333000181',
    },
    clientes: [
      {
        id: 30,
        nivel: 10,
        cliente: { id: 3, razao_social: 'Padaria Central Ltda', cpfcnpj: '11222333000181' },
      },
    ],
    // A client with a plan on the product: the routing goes on to it. A new account (no
    // contract) sees the welcome screen first (§4, docs/decisions/017-sign-up.md).
    contrato_ultimo: {
      id: 9,
      periodo_inicio: '2026-01-01',
      periodo_fim: '2026-12-31',
      plano: { id: 2, nome_exibicao: 'Profissional' },
    },
    url: 'https://gestao.exemplo.com.br/entrar?sessao_id=5b0c&sessao_token=t&evento_id=41&evento_token=e',
    clienteUsuario_nivel: 10,
    contrato_evento_aberto: null,
    twofa_shouldAskCreate: false,
    ...overrides,
  };
}
