/**
 * Message text as it may safely reach an operator's terminal. Messages come from anyone on the
 * internet: an ESC sequence could recolour, hide or rewrite what the operator sees (or, on some
 * terminals, set the window title or a clipboard), and a bare CR could overwrite a line. Every
 * control character is shown as a visible escape instead, and newlines as `\n` when asked.
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

export function escapeForTerminal(text: string, options: { keepNewlines?: boolean } = {}): string {
  const escaped = text.replace(CONTROL, (c) => {
    const code = c.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
  return options.keepNewlines ? escaped.replace(/\t/g, '\\t') : escaped.replace(/\r?\n/g, '\\n').replace(/\t/g, '\\t');
}
