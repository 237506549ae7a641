import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-locale.ts';
import { CPF_CNPJ_INVALID_MESSAGE_PLAN } from './cpf-cnpj.ts';
import { CEP_INVALID_MESSAGE } from './messages.ts';
import {
  CONTROL_CHARACTER_MESSAGE,
  CepSchema,
  CpfCnpjSchema,
  CurrentPasswordSchema,
  DATE_INVALID_MESSAGE,
  DEVICE_NAME_MAX,
  DateSchema,
  DeviceNameSchema,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  EmailSchema,
  NAME_MAX,
  NameSchema,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_INVALID_MESSAGE,
  PasswordSchema,
  PhoneSchema,
  REQUIRED_MESSAGE,
  REQUIRED_MESSAGE_PROFILE,
  RequiredTextSchema,
  TWOFA_CODE_INVALID_MESSAGE,
  TWOFA_CODE_MAX,
  TWOFA_CODE_REQUIRED_MESSAGE,
  TwofaCodeSchema,
  documentSchema,
  maxLengthMessage,
  optionalText,
  requiredText,
  searchText,
} from './fields.ts';

/** The messages a schema gives for `input`; [] when it is accepted. */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function outputOf(schema: z.ZodType, input: unknown): unknown {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`refused ${JSON.stringify(input)}: ${result.error.message}`);
  return result.data;
}

describe('constants (§5, §9)', () => {
  it('has the spec limits', () => {
    expect([NAME_MAX, PASSWORD_MIN, PASSWORD_MAX, TWOFA_CODE_MAX, DEVICE_NAME_MAX]).toEqual([
      60, 6, 32, 16, 80,
    ]);
  });

  it('has the spec messages', () => {
    expect(REQUIRED_MESSAGE).toBe('Campo obrigatório.');
    expect(REQUIRED_MESSAGE_PROFILE).toBe('Campo obrigatório');
    expect(EMAIL_REQUIRED_MESSAGE).toBe('Campo de e-mail obrigatório.');
    expect(EMAIL_INVALID_MESSAGE).toBe('Digite um e-mail válido.');
    expect(PASSWORD_LENGTH_MESSAGE).toBe('A senha deve ter entre 6 e 32 caracteres.');
    expect(CEP_INVALID_MESSAGE).toBe('Preencha um CEP válido.');
    expect(PHONE_INVALID_MESSAGE).toBe('Campo obrigatório. Confira se os número estão corretos.');
    expect(TWOFA_CODE_REQUIRED_MESSAGE).toBe('Por favor, insira o código de verificação.');
    expect(TWOFA_CODE_INVALID_MESSAGE).toBe('Código inválido.');
    expect(maxLengthMessage(60)).toBe('Use no máximo 60 caracteres.');
  });
});

describe('requiredText', () => {
  it('trims and refuses empty text', () => {
    expect(outputOf(RequiredTextSchema, '  Ana  ')).toBe('Ana');
    expect(messagesOf(RequiredTextSchema, '')).toEqual([REQUIRED_MESSAGE]);
    expect(messagesOf(RequiredTextSchema, '   ')).toEqual([REQUIRED_MESSAGE]);
    expect(messagesOf(RequiredTextSchema, undefined)).toEqual([REQUIRED_MESSAGE]);
    expect(messagesOf(RequiredTextSchema, null)).toEqual([REQUIRED_MESSAGE]);
  });

  it('takes a custom message and a maximum', () => {
    const schema = requiredText({ max: 5, message: REQUIRED_MESSAGE_PROFILE });
    expect(messagesOf(schema, '')).toEqual(['Campo obrigatório']);
    expect(messagesOf(schema, '123456')).toEqual([maxLengthMessage(5)]);
    expect(outputOf(schema, ' 12345 ')).toBe('12345');
  });

  it('optionalText allows empty text but not too long', () => {
    expect(outputOf(optionalText(3), '')).toBe('');
    expect(outputOf(optionalText(3), ' ab ')).toBe('ab');
    expect(messagesOf(optionalText(3), 'abcd')).toEqual([maxLengthMessage(3)]);
  });
});

describe('control characters (docs/security.md)', () => {
  it.each(['Ana\u0000', '\u0007Ana', 'A\u001bna', 'Ana\u007f', 'Ana\nMaria', 'Ana\tMaria', 'Ana\r'])(
    'every single-line text schema refuses %j',
    (input) => {
      for (const schema of [RequiredTextSchema, optionalText(20), searchText(20), NameSchema, EmailSchema, PasswordSchema]) {
        expect(messagesOf(schema, input)).toEqual([CONTROL_CHARACTER_MESSAGE]);
      }
    },
  );

  it('a multi-line field keeps tab, line feed and carriage return, nothing else below space', () => {
    const schema = optionalText(100, { multiline: true });
    expect(outputOf(schema, '# Título\r\n\n- item\tum')).toBe('# Título\r\n\n- item\tum');
    expect(messagesOf(schema, 'a\u0000b')).toEqual([CONTROL_CHARACTER_MESSAGE]);
    expect(messagesOf(requiredText({ multiline: true }), 'a\u000bb')).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });

  it('letters, accents and symbols pass', () => {
    expect(outputOf(NameSchema, 'São João d’Ávila — Ltda. ✓')).toBe('São João d’Ávila — Ltda. ✓');
    expect(outputOf(searchText(20), ' são ')).toBe('são');
  });
});

describe('NameSchema', () => {
  it('accepts up to 60 characters after trimming', () => {
    expect(outputOf(NameSchema, ` ${'a'.repeat(60)} `)).toBe('a'.repeat(60));
    expect(outputOf(NameSchema, 'José da Silva')).toBe('José da Silva');
  });

  it('refuses empty and 61 characters', () => {
    expect(messagesOf(NameSchema, '')).toEqual(['Campo obrigatório.']);
    expect(messagesOf(NameSchema, 'a'.repeat(61))).toEqual(['Use no máximo 60 caracteres.']);
  });
});

describe('EmailSchema', () => {
  it('accepts a valid address, trimmed and lower-cased', () => {
    expect(outputOf(EmailSchema, '  Ana.Silva@Example.COM.br ')).toBe('ana.silva@example.com.br');
    expect(outputOf(EmailSchema, 'a+tag@b.co')).toBe('a+tag@b.co');
  });

  it("says 'Campo de e-mail obrigatório.' when empty or missing", () => {
    expect(messagesOf(EmailSchema, '')).toEqual([EMAIL_REQUIRED_MESSAGE]);
    expect(messagesOf(EmailSchema, '  ')).toEqual([EMAIL_REQUIRED_MESSAGE]);
    expect(messagesOf(EmailSchema, undefined)).toEqual([EMAIL_REQUIRED_MESSAGE]);
  });

  it("says 'Digite um e-mail válido.' for a bad address", () => {
    for (const value of [
      'ana',
      'ana@',
      '@example.com',
      'ana@example',
      'ana @example.com',
      'a@b@c.com',
    ]) {
      expect(messagesOf(EmailSchema, value)).toEqual([EMAIL_INVALID_MESSAGE]);
    }
    expect(messagesOf(EmailSchema, `${'a'.repeat(250)}@b.com`)).toEqual([EMAIL_INVALID_MESSAGE]);
  });
});

describe('PasswordSchema', () => {
  it('accepts 6 to 32 characters as typed, spaces included', () => {
    expect(outputOf(PasswordSchema, 'abc123')).toBe('abc123');
    expect(outputOf(PasswordSchema, 'x'.repeat(32))).toBe('x'.repeat(32));
    expect(outputOf(PasswordSchema, ' abc12 ')).toBe(' abc12 ');
  });

  it('refuses 5 and 33 characters with the §5 message', () => {
    expect(messagesOf(PasswordSchema, '12345')).toEqual([PASSWORD_LENGTH_MESSAGE]);
    expect(messagesOf(PasswordSchema, 'x'.repeat(33))).toEqual([PASSWORD_LENGTH_MESSAGE]);
    expect(messagesOf(PasswordSchema, '')).toEqual([PASSWORD_LENGTH_MESSAGE]);
    expect(messagesOf(PasswordSchema, undefined)).toEqual([PASSWORD_LENGTH_MESSAGE]);
  });

  it('CurrentPasswordSchema only requires a value', () => {
    expect(outputOf(CurrentPasswordSchema, '1')).toBe('1');
    expect(messagesOf(CurrentPasswordSchema, '')).toEqual([REQUIRED_MESSAGE]);
    expect(messagesOf(CurrentPasswordSchema, undefined)).toEqual([REQUIRED_MESSAGE]);
  });
});

describe('CpfCnpjSchema', () => {
  it('outputs the stored form: no mask, upper-case', () => {
    expect(outputOf(CpfCnpjSchema, '529.982.247-25')).toBe('52998224725');
    expect(outputOf(CpfCnpjSchema, '52998224725')).toBe('52998224725');
    expect(outputOf(CpfCnpjSchema, '11.222.333/0001-81')).toBe('11222333000181');
    expect(outputOf(CpfCnpjSchema, ' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });

  it("says 'Digite um CPF ou CNPJ válido' for an invalid document", () => {
    for (const value of ['111.111.111-11', '11.222.333/0001-82', '529-982-247.25', '123']) {
      expect(messagesOf(CpfCnpjSchema, value)).toEqual(['Digite um CPF ou CNPJ válido']);
    }
  });

  it("says 'Campo obrigatório.' when empty", () => {
    expect(messagesOf(CpfCnpjSchema, '')).toEqual([REQUIRED_MESSAGE]);
    expect(messagesOf(CpfCnpjSchema, undefined)).toEqual([REQUIRED_MESSAGE]);
  });

  it('documentSchema applies a rule and a message', () => {
    expect(messagesOf(documentSchema('cpf'), '11.222.333/0001-81')).toEqual([
      'Digite um CPF válido',
    ]);
    expect(messagesOf(documentSchema('cnpj-num'), '11.222.333/0001-81')).toEqual([
      'Digite um CNPJ válido',
    ]);
    expect(outputOf(documentSchema('cnpj-num'), '11222333000181')).toBe('11222333000181');
    expect(messagesOf(documentSchema('cpfcnpj', CPF_CNPJ_INVALID_MESSAGE_PLAN), '1')).toEqual([
      'Digite um CPF ou CNPJ válido.',
    ]);
  });
});

describe('CepSchema', () => {
  it('accepts 8 digits or #####-### and outputs the digits', () => {
    expect(outputOf(CepSchema, '01310100')).toBe('01310100');
    expect(outputOf(CepSchema, '01310-100')).toBe('01310100');
    expect(outputOf(CepSchema, ' 01310-100 ')).toBe('01310100');
  });

  it("says 'Preencha um CEP válido.' otherwise", () => {
    for (const value of [
      '',
      '0131010',
      '013101000',
      '01310--100',
      '0131-0100',
      'abcde-fgh',
      undefined,
    ]) {
      expect(messagesOf(CepSchema, value)).toEqual([CEP_INVALID_MESSAGE]);
    }
  });
});

describe('PhoneSchema', () => {
  it('accepts the three §5 masks and bare digits, outputs the digits', () => {
    expect(outputOf(PhoneSchema, '(11) 3333-4444')).toBe('1133334444');
    expect(outputOf(PhoneSchema, '(11) 98765-4321')).toBe('11987654321');
    expect(outputOf(PhoneSchema, '(011) 98765-4321')).toBe('011987654321');
    expect(outputOf(PhoneSchema, '11987654321')).toBe('11987654321');
  });

  it('refuses other digit counts, letters and missing values', () => {
    for (const value of [
      '',
      '(11) 3333-444',
      '1198765432100',
      '(11) 9876A-4321',
      '+55 11 98765-4321',
      undefined,
    ]) {
      expect(messagesOf(PhoneSchema, value)).toEqual([PHONE_INVALID_MESSAGE]);
    }
  });
});

describe('TwofaCodeSchema', () => {
  it('accepts up to 16 characters, trimmed', () => {
    expect(outputOf(TwofaCodeSchema, ' 123456 ')).toBe('123456');
    expect(outputOf(TwofaCodeSchema, 'A'.repeat(16))).toBe('A'.repeat(16));
  });

  it('asks for the code when empty, refuses more than 16', () => {
    expect(messagesOf(TwofaCodeSchema, '')).toEqual([TWOFA_CODE_REQUIRED_MESSAGE]);
    expect(messagesOf(TwofaCodeSchema, undefined)).toEqual([TWOFA_CODE_REQUIRED_MESSAGE]);
    expect(messagesOf(TwofaCodeSchema, 'A'.repeat(17))).toEqual([TWOFA_CODE_INVALID_MESSAGE]);
  });
});

describe('DeviceNameSchema', () => {
  it('requires a name of at most 80 characters', () => {
    expect(outputOf(DeviceNameSchema, 'Notebook do escritório')).toBe('Notebook do escritório');
    expect(outputOf(DeviceNameSchema, 'x'.repeat(80))).toBe('x'.repeat(80));
    expect(messagesOf(DeviceNameSchema, '')).toEqual([REQUIRED_MESSAGE]);
    expect(messagesOf(DeviceNameSchema, 'x'.repeat(81))).toEqual([maxLengthMessage(80)]);
  });
});

describe('DateSchema', () => {
  it('accepts the §5 input formats and outputs YYYY-MM-DD', () => {
    expect(outputOf(DateSchema, '31/12/1990')).toBe('1990-12-31');
    expect(outputOf(DateSchema, '1990/12/31')).toBe('1990-12-31');
    expect(outputOf(DateSchema, '1990-12-31T00:00:00Z')).toBe('1990-12-31');
  });

  it('refuses empty and impossible dates', () => {
    expect(messagesOf(DateSchema, '')).toEqual([REQUIRED_MESSAGE]);
    expect(messagesOf(DateSchema, '31/02/2025')).toEqual([DATE_INVALID_MESSAGE]);
    expect(messagesOf(DateSchema, 'ontem')).toEqual([DATE_INVALID_MESSAGE]);
  });
});

describe('zod-locale', () => {
  it("words zod's own messages in Brazilian Portuguese", () => {
    expect(messagesOf(z.object({ n: z.number() }), { n: 'x' })).toEqual([
      'Entrada inválida: esperava um número, recebeu um texto',
    ]);
    // A wrong type that is not a missing value falls through to the locale.
    expect(messagesOf(EmailSchema, 42)).toEqual([
      'Entrada inválida: esperava um texto, recebeu um número',
    ]);
  });
});
