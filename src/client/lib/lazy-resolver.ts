import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

const FORM_LOAD_FAILED_MESSAGE =
  'Não foi possível carregar a validação do formulário. Verifique sua conexão e tente novamente.';

/**
 * A react-hook-form resolver whose code (zod and the shared schemas, some 30 KB gzipped) comes
 * in its own chunk, for a screen whose first load has a size budget (the login). The form is
 * usable at once (the screen starts the download when it shows); the resolver waits for the
 * chunk only if a submit comes first. A chunk that fails to load becomes a form-level error
 * (errors.root), and the next try loads it again.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): Resolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | null = null;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<TFieldValues, TContext, TTransformed> = async (
    values,
    context,
    options,
  ) => {
    let resolve: Resolver<TFieldValues, TContext, TTransformed>;
    try {
      resolve = await get();
    } catch {
      const errors = {
        root: { type: 'load', message: FORM_LOAD_FAILED_MESSAGE },
      } as FieldErrors<TFieldValues>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
  return resolver;
}
