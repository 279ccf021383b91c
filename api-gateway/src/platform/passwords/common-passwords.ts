import { mostUsedPasswords } from './most-used-passwords.js';

const mostUsed = new Set(mostUsedPasswords);

/**
 * A new password that is among the most used (ASVS 6.2.4), whatever its case: refused with the
 * reason under its field, before it is hashed.
 */
export class CommonPasswordError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly fieldErrors = {
    password: 'This password is one of the most used, and the first an attacker would try: please choose another',
  };
  constructor() {
    super('Please correct the highlighted fields.');
  }
}

export const isCommonPassword = (password: string) => mostUsed.has(password.toLowerCase());
