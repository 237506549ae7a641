import { ACESSO_MESSAGES } from '#shared/schemas/auth';
import { AppError, notFound } from '../../platform/errors.ts';

export const invalidCredentials = () =>
  new AppError(401, ACESSO_MESSAGES.invalidCredentials, 'invalid_credentials');
export const invalidPassword = () =>
  new AppError(401, ACESSO_MESSAGES.invalidPassword, 'invalid_credentials');
export const productNotFound = () => notFound(ACESSO_MESSAGES.productNotFound, 'product_not_found');
export const eventNotFound = () => notFound(ACESSO_MESSAGES.eventNotFound, 'event_not_found');
