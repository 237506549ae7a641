import { describe, expect, it } from 'vitest';
import { parsePid, pathTo, ROUTES } from './paths';

describe('pathTo', () => {
  it('fills the route parameters of the §2 route names', () => {
    expect(pathTo('login', { pid: 1 })).toBe('/login/1');
    expect(pathTo('planos_produto', { pid: 3 })).toBe('/produto/3/planos');
    expect(pathTo('conta_criar_logado', { pid: 2 })).toBe('/login/2/conta_criar/logado');
    expect(pathTo('recuperar_token', { token: 'abc' })).toBe('/login/recuperar_token/abc');
    expect(pathTo('convite', { token: 'abc' })).toBe('/convite/abc');
    expect(pathTo('cliente.fatura.index', { token: 'tk' })).toBe('/cliente/tk/fatura');
  });

  it('builds routes without parameters', () => {
    expect(pathTo('me.meusdados')).toBe('/me/meusdados');
    expect(pathTo('dashboard')).toBe('/painel');
    expect(pathTo('pessoas_conta')).toBe('/conta/pessoas');
    expect(pathTo('termos_uso')).toBe('/termos-de-uso');
    expect(pathTo('politica_privacidade')).toBe('/politica-de-privacidade');
  });

  it('adds the query string and leaves out empty values', () => {
    expect(pathTo('me.config', {}, { origin: 'login', pid: 1, askOnMount: undefined })).toBe(
      '/me/config?origin=login&pid=1',
    );
    expect(
      pathTo('accessurl_redirect', {}, { url: 'https://exemplo.com.br/a?b=1&c=2', title: null }),
    ).toBe('/a/redirect?url=https%3A%2F%2Fexemplo.com.br%2Fa%3Fb%3D1%26c%3D2');
  });

  it('encodes parameters so a token cannot change the path', () => {
    expect(pathTo('fatura.emitidaAviso', { token: 'a/b?c' })).toBe(
      '/fatura/faturaEmitida/a%2Fb%3Fc',
    );
  });

  it('refuses a missing parameter instead of building a broken link', () => {
    // @ts-expect-error pid is required by the type as well
    expect(() => pathTo('login', {})).toThrow(/pid/);
  });

  it('keeps the paths of the specification', () => {
    expect(ROUTES).toMatchObject({
      planos_produto: '/produto/:pid/planos',
      'me.config': '/me/config',
      'me.twofa': '/me/twofa',
      planoMudanca_sucesso: '/produto/:pid/planoMudancaSucesso',
      'e.login': '/e/login',
      accessurl_redirect: '/a/redirect',
      validar_email: '/login/:pid/conta_criar/email',
      conta_selecionar: '/login/:pid/conta_selecionar',
      conta_criar_senha: '/login/:pid/conta_criar_senha',
      cliente_direcionar_produto: '/login/:pid/direcionar_produto',
      recuperar_email: '/login/recuperar_email/:pid',
    });
  });
});

describe('parsePid', () => {
  it('takes a positive integer and nothing else', () => {
    expect(parsePid('2')).toBe(2);
    expect(parsePid('123456789')).toBe(123456789);
    for (const raw of [undefined, '', '0', '-1', '1.5', '2a', ' 2', '1234567890']) {
      expect(parsePid(raw)).toBeNull();
    }
  });
});
