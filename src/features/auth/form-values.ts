/**
 * What a form's fields hold right now. The signed-out forms are server HTML first: a person (or a
 * password manager, or one-time-code autofill) may fill them before their island hydrates, and
 * React keeps those values in the page without telling the component. So the islands seed their
 * state from here on mount, and read it again at submit.
 */
export function fieldValues(form: HTMLFormElement | null, name: string): string[] {
  if (!form) return [];
  return new FormData(form).getAll(name).filter((value): value is string => typeof value === 'string');
}

export const fieldText = (form: HTMLFormElement | null, name: string): string =>
  fieldValues(form, name).join('');
