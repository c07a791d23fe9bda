import { createContext, useContext } from 'react';

/** Field name → message, for the fields of the form around them; and a prefix for their ids. */
export interface FormErrorsValue {
  idPrefix: string;
  errors: Readonly<Record<string, string>>;
}

export const FormErrorsContext = createContext<FormErrorsValue>({ idPrefix: 'form', errors: {} });

/** Ids and the error of one field, wired the way Bootstrap and screen readers expect. */
export function useFieldError(name: string) {
  const { idPrefix, errors } = useContext(FormErrorsContext);
  const id = `${idPrefix}-${name}`;
  const error = errors[name];
  return { id, error, errorId: `${id}-error`, invalid: error !== undefined };
}
