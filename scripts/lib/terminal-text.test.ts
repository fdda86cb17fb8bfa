import { describe, expect, it } from 'vitest';
import { escapeForTerminal } from './terminal-text.ts';

describe('escapeForTerminal', () => {
  it('leaves ordinary text, accents and emoji alone', () => {
    expect(escapeForTerminal('Hello, équipe! 🌿 50% off?')).toBe('Hello, équipe! 🌿 50% off?');
  });

  it('shows ANSI and OSC escape sequences as text, never as ESC bytes', () => {
    const out = escapeForTerminal('\u001b[2J\u001b[31mred\u001b]0;pwned\u0007 \u009b31m');
    expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(out).toBe('\\x1b[2J\\x1b[31mred\\x1b]0;pwned\\x07 \\x9b31m');
  });

  it('escapes carriage returns, NUL, backspace and bidi overrides', () => {
    expect(escapeForTerminal('ok\rfake\u0000\b\u202eevil')).toBe('ok\\x0dfake\\x00\\x08\\u202eevil');
  });

  it('shows newlines as \\n on one-line views and keeps them in the full view', () => {
    expect(escapeForTerminal('a\nb\tc')).toBe('a\\nb\\tc');
    expect(escapeForTerminal('a\nb\tc', { keepNewlines: true })).toBe('a\nb\\tc');
  });
});
