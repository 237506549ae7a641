import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

/**
 * A cookie a step of a flow decided to set, as plain data: the step stays free of Fastify's
 * request and reply, and the route that called it sets it on its answer (the sign-in's browser
 * and trusted-device cookies, decisions 011 and 071).
 */
export interface CookieToSet {
  name: string;
  value: string;
  options: CookieSerializeOptions;
}

/** Sets, in order, the cookies the steps answered. */
export function setCookies(reply: FastifyReply, cookies: readonly CookieToSet[]): void {
  for (const cookie of cookies) reply.setCookie(cookie.name, cookie.value, cookie.options);
}
