import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { getT } from '../i18n';
import { translate } from './labels';
import { hasControlCharacter, isOneLine } from './control-characters';
import { issuesToFieldErrors, validationLabelKeys, type ValidationLabels } from './form-errors';
import { personName } from './person-name';
import { catalogueIssues } from './zod-issues';

describe('one-line text', () => {
  it('refuses every line break, separator, tab and reordering mark', () => {
    for (const mark of [
      '\n',
      '\r',
      '\r\n',
      '\u000b',
      '\u000c',
      '\u0085',
      '\u2028',
      '\u2029',
      '\t',
      '\u0000',
    ]) {
      expect(isOneLine(`a${mark}b`), JSON.stringify(mark)).toBe(false);
    }
    for (const mark of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(isOneLine(`a${mark}b`), JSON.stringify(mark)).toBe(false);
    }
  });

  it('takes names in any script, with spaces of any width', () => {
    for (const name of ['Zoë Ó’Brien', 'محمد', '李 小龙', 'Ана-Мария', 'a\u00a0b', 'a\u3000b', 'Nguyễn']) {
      expect(isOneLine(name), name).toBe(true);
    }
  });

  it('is stricter than the rule for all text, which keeps tabs and line breaks', () => {
    expect(hasControlCharacter('a\tb\r\nc')).toBe(false);
    expect(isOneLine('a\tb')).toBe(false);
  });
});

describe('a person’s name in a form', () => {
  it('is refused in the browser with the words the server uses', () => {
    const labels: ValidationLabels = translate(getT('en'), validationLabelKeys);
    const result = z
      .object({ first_name: personName })
      .safeParse({ first_name: 'Eve\u2028Code' }, catalogueIssues);
    expect(issuesToFieldErrors(result.error!.issues, labels)).toEqual({
      first_name: labels.oneLine,
    });
  });
});
