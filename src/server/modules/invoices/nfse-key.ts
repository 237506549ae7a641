import { parseHttpUrl } from '#shared/urls';

/**
 * The national NFS-e access key (chave de acesso, Sistema Nacional NFS-e): 50 digits,
 *   cMun(7) ambGer(1) tpInsc(1) inscrição federal(14) nNFSe(13) AAMM(4) código numérico(9) DV(1),
 * as the national XSD documents TSIdNFSe ('NFS' + [0-9]{50}). The layout's check-digit rule was
 * not found in an authoritative source; this is the documented modulo 11 of the other Brazilian
 * fiscal keys (NF-e, CT-e): weights 2..9 from right to left over the first 49 digits, DV = 11 −
 * remainder, or 0 when the remainder is 0 or 1 (docs/decisions/012-invoice-tokens.md).
 */

/** The national public consultation of a note by its key (the DANFSe's QR code points here). */
const CONSULTA_PUBLICA = 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=';

/** Modulo-11 check digit of a string of digits. */
export function chaveAcessoDv(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError('A chave de acesso só tem dígitos.');
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    sum += Number(digits[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** True for 50 digits whose last one is the check digit of the other 49. */
export function isValidChaveAcesso(value: string): boolean {
  if (!/^\d{50}$/.test(value)) return false;
  return chaveAcessoDv(value.slice(0, 49)) === Number(value[49]);
}

export interface ChaveAcessoParts {
  /** IBGE code of the issuer's municipality (7 digits). */
  codigoMunicipio: number;
  /** 1 the city's own system, 2 the national Sefin. */
  ambienteGerador: 1 | 2;
  /** The issuer's CPF (11 digits) or CNPJ (14 digits), without mask. */
  inscricaoFederal: string;
  numero: number;
  /** Issue month. */
  ano: number;
  mes: number;
  /** The 9-digit numeric code chosen by the issuing system. */
  codigoNumerico: number;
}

/** Builds a key with its check digit (demo data, tests). */
export function buildChaveAcesso(parts: ChaveAcessoParts): string {
  if (!/^(\d{11}|\d{14})$/.test(parts.inscricaoFederal)) {
    throw new RangeError('Inscrição federal deve ser um CPF ou CNPJ numérico.');
  }
  const tipoInscricao = parts.inscricaoFederal.length === 11 ? 1 : 2;
  const pad = (value: number, width: number) => {
    const text = String(value);
    if (!/^\d+$/.test(text) || text.length > width) throw new RangeError(`Valor fora do campo: ${text}`);
    return text.padStart(width, '0');
  };
  const base =
    pad(parts.codigoMunicipio, 7) +
    String(parts.ambienteGerador) +
    String(tipoInscricao) +
    parts.inscricaoFederal.padStart(14, '0') +
    pad(parts.numero, 13) +
    pad(parts.ano % 100, 2) +
    pad(parts.mes, 2) +
    pad(parts.codigoNumerico, 9);
  return base + String(chaveAcessoDv(base));
}

/** The public consultation page of a valid key; null otherwise. */
export function consultaPublicaUrl(chave: string | null): string | null {
  return chave && isValidChaveAcesso(chave) ? CONSULTA_PUBLICA + chave : null;
}

/** Only absolute http(s) URLs are links we hand out: never javascript:, data: or relative ones. */
export function safeHttpUrl(value: string | null): string | null {
  return value ? (parseHttpUrl(value)?.toString() ?? null) : null;
}
