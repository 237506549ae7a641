/**
 * The BR Code of a PIX payment (Banco Central do Brasil, "Manual do BR Code" and "Manual de
 * Padrões para Iniciação do Pix"): EMV® QRCPS Merchant-Presented Mode, a list of ID-length-value
 * fields closed by a CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) over everything before it,
 * "6304" included. Issue 20, docs/decisions/089-pix-br-code.md.
 */

export interface EmvField {
  id: string;
  /** A text value, or nested fields (merchant account information, additional data). */
  value: string | EmvField[];
}

/** ID + two-digit length + value; a nested value is encoded first. Lengths count characters. */
export function encodeEmv(fields: readonly EmvField[]): string {
  return fields
    .map(({ id, value }) => {
      const text = typeof value === 'string' ? value : encodeEmv(value);
      if (text.length > 99) throw new RangeError(`EMV field ${id} longer than 99 characters`);
      return `${id}${String(text.length).padStart(2, '0')}${text}`;
    })
    .join('');
}

/** CRC16-CCITT-FALSE of the payload's UTF-8 bytes, as four upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The payload with its CRC field (ID 63, length 04) appended. */
export function withCrc(payloadWithoutCrc: string): string {
  const open = `${payloadWithoutCrc}6304`;
  return `${open}${crc16(open)}`;
}

/** The fields of a BR Code, or null when it is malformed or its CRC does not match. */
export function parseEmv(payload: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(payload.slice(at + 2, at + 4))) return null;
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    fields.set(id, value);
    at += 4 + length;
  }
  const crc = fields.get('63');
  if (!crc || !payload.endsWith(`6304${crc}`)) return null;
  return crc16(payload.slice(0, -4)) === crc ? fields : null;
}

/** PIX's merchant account information (ID 26): its GUI and the receiver's key. */
const PIX_GUI = 'br.gov.bcb.pix';

/** The payment a customer makes: a static BR Code carrying the amount and the invoice reference. */
export interface PixPayment {
  /** The receiver's PIX key, as registered (see pix-key.ts). */
  chave: string;
  /** The receiver's name (up to 25 characters) and city (up to 15), as the payer's bank shows them. */
  nome: string;
  cidade: string;
  /** 'R$' amount with two decimals ('123.45'); omitted, the payer types it. */
  valor?: string;
  /** The transaction reference (txid): up to 25 letters and digits; '***' when there is none. */
  txid: string;
}

/** Text the receiving bank accepts in name and city: no accents, no control characters. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, '')
    .trim()
    .slice(0, max);
}

/** The "PIX copia e cola" text of a payment, which is also what its QR code holds. */
export function pixPayload(payment: PixPayment): string {
  const fields: EmvField[] = [
    { id: '00', value: '01' },
    {
      id: '26',
      value: [
        { id: '00', value: PIX_GUI },
        { id: '01', value: payment.chave },
      ],
    },
    // Merchant category code "not informed", currency 986 (BRL), country BR (manual's values).
    { id: '52', value: '0000' },
    { id: '53', value: '986' },
    ...(payment.valor ? [{ id: '54', value: payment.valor }] : []),
    { id: '58', value: 'BR' },
    { id: '59', value: plain(payment.nome, 25) },
    { id: '60', value: plain(payment.cidade, 15) },
    { id: '62', value: [{ id: '05', value: payment.txid }] },
  ];
  return withCrc(encodeEmv(fields));
}
