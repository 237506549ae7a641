import { describe, expect, it } from 'vitest';
import { parseHttpUrl } from './urls.ts';

describe('parseHttpUrl', () => {
  it('takes absolute http(s) URLs, and relative ones against a base', () => {
    expect(parseHttpUrl('https://portal.exemplo.com.br/a?b=1')?.href).toBe('https://portal.exemplo.com.br/a?b=1');
    expect(parseHttpUrl(' http://exemplo.com.br ')?.origin).toBe('http://exemplo.com.br');
    expect(parseHttpUrl('/painel', 'https://portal.exemplo.com.br')?.href).toBe('https://portal.exemplo.com.br/painel');
  });

  it.each(['javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@b.c', 'http://', '/relativo'])(
    'refuses %j',
    (value) => {
      expect(parseHttpUrl(value)).toBeNull();
    },
  );
});
