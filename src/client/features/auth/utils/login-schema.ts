/**
 * The login form's validation, in its own chunk (see lib/lazy-resolver.ts): the shared
 * LoginRequestSchema (§5 Login) through zodResolver, and the limits and the message the screen
 * shows itself.
 */
import '#shared/zod-locale';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  DEVICE_NAME_MAX,
  EMAIL_MAX,
  TWOFA_CODE_MAX,
  TWOFA_CODE_REQUIRED_MESSAGE,
} from '#shared/fields';
import { LoginRequestSchema } from '#shared/schemas/auth';

export type LoginValues = z.output<typeof LoginRequestSchema>;

export const loginResolver = zodResolver(LoginRequestSchema);

/** §5, §9 limits, for the inputs' maxLength. */
export const LOGIN_LIMITS = {
  email: EMAIL_MAX,
  twofaCode: TWOFA_CODE_MAX,
  deviceName: DEVICE_NAME_MAX,
} as const;

/**
 * §5: the code is required when 2FA is on and the device not trusted, which only the screen
 * knows (after twofaCheckUsuario); the shared schema leaves it optional.
 */
export const CODE_REQUIRED_MESSAGE = TWOFA_CODE_REQUIRED_MESSAGE;
