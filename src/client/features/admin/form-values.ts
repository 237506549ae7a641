import type { DefaultValues, FieldValues } from 'react-hook-form';

/**
 * A loaded record as form values: the named fields only, nulls as empty inputs, numbers as the
 * text an input holds (the shared schemas read both).
 */
export function formValuesOf<T extends FieldValues>(entity: object, keys: readonly string[]): DefaultValues<T> {
  const values: Record<string, unknown> = {};
  for (const key of keys) {
    const value = (entity as Record<string, unknown>)[key];
    values[key] = value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value;
  }
  return values as DefaultValues<T>;
}

/** The validated values as the JSON payload (§5 crud_data()). */
export const asPayload = (values: object): Record<string, unknown> => ({ ...values });
