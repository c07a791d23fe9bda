import { describe, expect, it } from 'vitest';
import { completeCode, emptyDigits, enterDigits, eraseBackward, onlyDigits, typedText } from './otp-digits';

const boxes = (text: string) => text.split('').map((char) => (char === '_' ? '' : char));

describe('one-time code boxes', () => {
  it('keeps only digits, including full-width ones', () => {
    expect(onlyDigits(' 12-34 5６')).toBe('123456');
    expect(onlyDigits('abc')).toBe('');
  });

  it('advances after a typed digit and stays on the last box', () => {
    expect(enterDigits(emptyDigits(), 0, '4')).toEqual({ digits: boxes('4_____'), focus: 1 });
    expect(enterDigits(boxes('12345_'), 5, '6')).toEqual({ digits: boxes('123456'), focus: 5 });
  });

  it('fills every box from a full code, whichever box it lands in', () => {
    expect(enterDigits(emptyDigits(), 3, '987 654')).toEqual({ digits: boxes('987654'), focus: 5 });
    expect(enterDigits(boxes('1_____'), 0, '12345678')).toEqual({ digits: boxes('123456'), focus: 5 });
  });

  it('fills forward from a partial run of digits', () => {
    expect(enterDigits(emptyDigits(), 2, '123')).toEqual({ digits: boxes('__123_'), focus: 5 });
    expect(enterDigits(emptyDigits(), 4, '123')).toEqual({ digits: boxes('____12'), focus: 5 });
  });

  it('clears a box when its content is deleted or is not a digit', () => {
    expect(enterDigits(boxes('123___'), 1, '')).toEqual({ digits: boxes('1_3___'), focus: 1 });
    expect(enterDigits(boxes('123___'), 1, 'x')).toEqual({ digits: boxes('1_3___'), focus: 1 });
  });

  it('reads what was newly typed next to an existing digit', () => {
    expect(typedText('37', '3')).toBe('7');
    expect(typedText('73', '3')).toBe('7');
    expect(typedText('3123456', '3')).toBe('123456');
    expect(typedText('1234563', '3')).toBe('123456');
    expect(typedText('5', '')).toBe('5');
    expect(typedText('', '3')).toBe('');
  });

  it('moves back on Backspace in an empty box', () => {
    expect(eraseBackward(boxes('12____'), 2)).toEqual({ digits: boxes('1_____'), focus: 1 });
    expect(eraseBackward(boxes('123___'), 1)).toEqual({ digits: boxes('1_3___'), focus: 1 });
    expect(eraseBackward(emptyDigits(), 0)).toEqual({ digits: emptyDigits(), focus: 0 });
  });

  it('gives the code only once every box is filled', () => {
    expect(completeCode(boxes('12345_'))).toBeNull();
    expect(completeCode(boxes('123456'))).toBe('123456');
  });
});
