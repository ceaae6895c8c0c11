import { OTP_LENGTH } from '../../../domain/authRules';

/** A blank code: one space per box. */
export const EMPTY_CODE = ' '.repeat(OTP_LENGTH);

/** The code once every box holds a digit, else undefined. */
export const completeCode = (value: string): string | undefined => (/^\d{6}$/.test(value) ? value : undefined);

/**
 * What typing (or pasting) `typed` into box `index` makes of the code
 * `current` (one character per box, blanks as spaces), and which box comes next.
 */
export function placeDigits(current: string, index: number, typed: string): { value: string; nextIndex: number } {
  const boxes = Array.from({ length: OTP_LENGTH }, (_, position) => current[position] ?? ' ');
  let digits = typed.replace(/\D/g, '');
  // Typing after the box's digit (instead of over it) gives that digit plus the new one.
  if (typed.length === 2 && digits.length === 2 && digits[0] === boxes[index]) digits = digits.slice(1);
  if (digits === '') {
    boxes[index] = ' ';
    return { value: boxes.join(''), nextIndex: index };
  }
  const placed = digits.slice(0, OTP_LENGTH - index);
  for (let offset = 0; offset < placed.length; offset += 1) boxes[index + offset] = placed[offset];
  return { value: boxes.join(''), nextIndex: Math.min(index + placed.length, OTP_LENGTH - 1) };
}
