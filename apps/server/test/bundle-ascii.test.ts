import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { toAscii } from '../scripts/ascii.mjs';

/** Runs code as the bundle runs (a script) and returns what it evaluates to. */
const run = (code: string): unknown => new vm.Script(code).runInNewContext();

describe('toAscii (the bundled server, decision 0074)', () => {
  it('leaves ASCII code as it is', () => {
    const code = 'const a = "x\\\\y"; /a\\/b/.test(a) // plain';
    expect(toAscii(code)).toBe(code);
  });

  it('keeps the meaning of strings, regular expressions (with and without u) and comments', () => {
    const cases = [
      `"before → after — ‘quoted’ … × §"`,
      `/searching for\\s+["“]([^"”]{1,20})["”]/i.exec('searching for “mugs”')[1]`,
      `"it’s".replace(/\\’s$|\\'s$/, "")`,
      `/^\\d+\\s*[×x]\\s*/.test("2 × cups")`,
      `/[à-ÿ]+/u.exec("voilà")[0]`,
      `"😀".length + "😀"`,
      `new RegExp(/[“”]/.source, 'g').test('“')`,
      `/😀/u.test("a😀b")`,
      `"a\\\\→b"`,
      `// a comment → with an arrow\n"done"`,
      '`template — ${1 + 1}`',
    ];
    for (const code of cases) {
      const ascii = toAscii(code);
      expect([...ascii].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
      expect(run(ascii)).toEqual(run(code));
    }
  });
});
