import { createHmac } from 'node:crypto';

/**
 * The X-Pix-Assinatura header a PSP sends with a notification (issue 20, decision 089):
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The time inside the signed
 * text lets the server refuse a captured call sent again later.
 */
export function signPixNotification(segredo: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', segredo).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
