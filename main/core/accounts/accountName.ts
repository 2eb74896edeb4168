// A name the user gives an account ("Work", "Client A"), shown in the window's account switcher,
// Settings › Accounts and the tray: two accounts of the same user at two services would otherwise
// read alike. Read here, in main, as every argument from the window is: what is stored is trimmed,
// fits the header, holds no control or direction characters (a right-to-left override would change
// how the names around it read), and is no other account's name.

import { fail, ok, type Result } from '../../../common/result';

/** Long enough for "Client A (billing)", short enough for the header's switcher. */
export const MAX_ACCOUNT_NAME = 60;

// Control characters, format characters (bidirectional overrides and isolates, zero-width
// joiners and spaces) and line or paragraph separators: none of them is seen, all change the text.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * The name as stored (trimmed, runs of spaces made one), or why it cannot be: refused at `label`.
 * `others` are the names of the other accounts, compared without regard to case.
 */
export function readAccountName(typed: string, others: readonly string[]): Result<string> {
  if (INVISIBLE.test(typed))
    return fail('invalid_input', 'An account name cannot hold control or text-direction characters.', 'label');
  const name = typed.trim().replace(/\s+/g, ' ');
  if (name === '') return fail('invalid_input', 'Give the account a name, such as Work.', 'label');
  if ([...name].length > MAX_ACCOUNT_NAME)
    return fail('invalid_input', `An account name is at most ${MAX_ACCOUNT_NAME} characters.`, 'label');
  const taken = others.find((other) => other.toLocaleLowerCase() === name.toLocaleLowerCase());
  if (taken !== undefined)
    return fail(
      'invalid_input',
      `Another account is already called ${taken}: give this one a name of its own.`,
      'label',
    );
  return ok(name);
}
