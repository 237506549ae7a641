import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const production = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(40),
  PUBLIC_URL: 'https://portal.exemplo.com.br',
  SMTP_URL: 'smtp://smtp.exemplo.com.br:587',
};

describe('loadConfig', () => {
  it('serves the embedded run with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', seedDemo: true, publicUrl: 'http://localhost:3000' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lists every bad variable at once, readably', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', RATE_LIMIT_MAX: '0' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems, message } = error as ConfigError;
      expect(problems.map((line) => line.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'RATE_LIMIT_MAX']);
      expect(message).toContain('deve começar com postgres:// ou postgresql://');
    }
  });

  it('demands a session secret and a public URL in production, and never seeds demo data there', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: obrigatório em produção/);
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: não é permitido em produção/);
    // The browser tests' clock for the jobs (issue 41) never moves a production one.
    expect(() => loadConfig({ ...production, JOBS_CLOCK_OFFSET_DAYS: '3' })).toThrow(/JOBS_CLOCK_OFFSET_DAYS: não é permitido em produção/);
    expect(loadConfig({ JOBS_CLOCK_OFFSET_DAYS: '3' }).JOBS_CLOCK_OFFSET_DAYS).toBe(3);
    expect(() => loadConfig({ ...production, CAPTCHA_PROVIDER: 'none' })).toThrow(ConfigError);
  });

  it("takes the provider's CNPJ masked or not, and refuses a wrong one (issue 39)", () => {
    expect(loadConfig({ PROVIDER_CNPJ: '11.444.777/0001-61' }).PROVIDER_CNPJ).toBe('11444777000161');
    expect(() => loadConfig({ PROVIDER_CNPJ: '11.444.777/0001-62' })).toThrow(/PROVIDER_CNPJ: deve ser um CNPJ válido/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  describe('TRUST_PROXY (decision 040)', () => {
    it('trusts nothing by default and with false or 0', () => {
      expect(loadConfig({}).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    });

    it('takes a hop count', () => {
      expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
      expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    });

    it('takes a list of proxy addresses and CIDR ranges', () => {
      expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8, loopback' }).TRUST_PROXY).toEqual([
        '10.0.0.5',
        '172.16.0.0/12',
        'fd00::/8',
        'loopback',
      ]);
    });

    it('refuses true, saying what to write instead, and refuses bad addresses', () => {
      expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*número de proxies.*endereços/);
      expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
      for (const value of ['10.0.0.300', '10.0.0.0/33', 'proxy.interno', '-1', '1.5', '::1/129']) {
        expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
      }
    });
  });
});
