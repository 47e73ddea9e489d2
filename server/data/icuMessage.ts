/**
 * A small checker of ICU MessageFormat texts (the syntax react-intl reads): it parses a message and returns the
 * argument names it uses, or throws a SyntaxError that says what is wrong and where. Enough to validate message
 * bundles at start-up (unbalanced braces, a plural without `other`, a misspelt argument in one language) without
 * a parser dependency on the server.
 *
 * Covered: plain text, `''` and '…' quoting, simple arguments `{name}`, formatted arguments `{name, number}`,
 * `{name, date, short}` and the like, `{name, plural|selectordinal, [offset:n] =0 {…} one {…} other {…}}`,
 * `{name, select, a {…} other {…}}` and `#` inside plural branches.
 */

const FORMATTED_TYPES = new Set(['number', 'date', 'time', 'spellout', 'ordinal', 'duration']);
const PLURAL_TYPES = new Set(['plural', 'selectordinal']);

class IcuReader {
  private position = 0;

  constructor(private readonly text: string) {}

  fail(problem: string): never {
    throw new SyntaxError(`${problem} at character ${this.position + 1} of "${this.text}"`);
  }

  private skipSpace(): void {
    while (/\s/.test(this.text[this.position] ?? '')) this.position += 1;
  }

  private word(what: string): string {
    this.skipSpace();
    const match = /^[^\s{}#,=']+|^=\d+/.exec(this.text.slice(this.position));
    if (!match) this.fail(`expected ${what}`);
    this.position += match[0].length;
    return match[0];
  }

  private expect(character: string): void {
    this.skipSpace();
    if (this.text[this.position] !== character) this.fail(`expected '${character}'`);
    this.position += 1;
  }

  /** A message up to the end of the text (depth 0) or up to the `}` closing a branch (depth > 0). */
  message(names: Set<string>, depth: number): void {
    while (this.position < this.text.length) {
      const character = this.text[this.position];
      if (character === "'") {
        this.quoted();
      } else if (character === '{') {
        this.position += 1;
        this.argument(names, depth);
      } else if (character === '}') {
        if (depth === 0) this.fail("unmatched '}'");
        return;
      } else {
        this.position += 1;
      }
    }
    if (depth > 0) this.fail("missing '}'");
  }

  /** `''` is an apostrophe; `'` before a brace or `#` starts a literal that runs to the next lone `'`. */
  private quoted(): void {
    const next = this.text[this.position + 1];
    if (next === "'") {
      this.position += 2;
    } else if (next === '{' || next === '}' || next === '#') {
      const end = this.text.indexOf("'", this.position + 1);
      if (end < 0) this.fail('unterminated quoted literal');
      this.position = end + 1;
    } else {
      this.position += 1;
    }
  }

  private argument(names: Set<string>, depth: number): void {
    const name = this.word('an argument name');
    if (!/^[A-Za-z_][A-Za-z0-9_]*$|^\d+$/.test(name)) this.fail(`'${name}' is not an argument name`);
    names.add(name);
    this.skipSpace();
    if (this.position >= this.text.length) this.fail("missing '}'");
    if (this.text[this.position] === '}') {
      this.position += 1;
      return;
    }
    this.expect(',');
    const type = this.word('an argument type');
    this.skipSpace();
    if (FORMATTED_TYPES.has(type)) {
      if (this.text[this.position] === ',') {
        const end = this.text.indexOf('}', this.position);
        if (end < 0) this.fail("missing '}'");
        this.position = end;
      }
      this.expect('}');
      return;
    }
    if (!PLURAL_TYPES.has(type) && type !== 'select') this.fail(`unknown argument type '${type}'`);
    this.expect(',');
    this.skipSpace();
    if (PLURAL_TYPES.has(type) && this.text.startsWith('offset:', this.position)) {
      this.position += 'offset:'.length;
      this.word('an offset');
    }
    const selectors = new Set<string>();
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === '}') break;
      const selector = this.word('a selector');
      if (selectors.has(selector)) this.fail(`selector '${selector}' appears twice`);
      selectors.add(selector);
      this.expect('{');
      this.message(names, depth + 1);
      this.expect('}');
    }
    if (!selectors.has('other')) this.fail(`the ${type} of '${name}' has no 'other' branch`);
    this.position += 1;
  }
}

/** The argument names of an ICU message, sorted; throws a SyntaxError naming the problem for a malformed one. */
export function icuArgumentNames(message: string): string[] {
  const names = new Set<string>();
  new IcuReader(message).message(names, 0);
  return [...names].sort();
}
