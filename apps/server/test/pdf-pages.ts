import zlib from 'node:zlib';

// Reads back what PDFKit wrote, for tests: the pages in order and the Latin text drawn on each. Enough for PDFKit's own
// output (indirect objects, one Flate content stream per page, WinAnsi hex strings for the base fonts), not a general
// PDF parser. Arabic words are drawn with an embedded font's glyph ids and do not come back as text.

type Obj = { dict: string; stream: Buffer | null };

function objects(pdf: Buffer): Map<number, Obj> {
  const latin = pdf.toString('latin1');
  const out = new Map<number, Obj>();
  const head = /(\d+) 0 obj\s*/g;
  for (let m = head.exec(latin); m; m = head.exec(latin)) {
    const start = m.index + m[0].length;
    const end = latin.indexOf('endobj', start);
    const body = latin.slice(start, end);
    const s = body.indexOf('stream\n');
    if (s < 0) out.set(Number(m[1]), { dict: body, stream: null });
    else {
      const e = body.lastIndexOf('\nendstream');
      out.set(Number(m[1]), { dict: body.slice(0, s), stream: Buffer.from(body.slice(s + 'stream\n'.length, e), 'latin1') });
    }
    head.lastIndex = end;
  }
  return out;
}

/** The number of page objects (`/Type /Page`, not `/Pages`). */
export function pageCount(pdf: Buffer): number {
  return [...objects(pdf).values()].filter((o) => /\/Type \/Page(?![s\w])/.test(o.dict)).length;
}

/** Each page's Latin text in drawing order, one string per text-showing operator (Arabic left out), in page order. */
export function pageTexts(pdf: Buffer): string[][] {
  const objs = objects(pdf);
  const root = [...objs.values()].find((o) => /\/Type \/Pages(?!\w)/.test(o.dict) && !/\/Parent/.test(o.dict));
  if (!root) throw new Error('pdf-pages: no page tree');
  const kids = (dict: string): number[] => [...(/\/Kids \[([^\]]*)\]/.exec(dict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((k) => Number(k[1]));
  const pages: number[] = [];
  const walk = (id: number) => {
    const o = objs.get(id)!;
    if (/\/Type \/Pages(?!\w)/.test(o.dict)) kids(o.dict).forEach(walk);
    else pages.push(id);
  };
  kids(root.dict).forEach(walk);
  return pages.map((id) => {
    const refs = /\/Contents (?:\[([^\]]*)\]|(\d+) 0 R)/.exec(objs.get(id)!.dict);
    const ids = refs?.[1] ? [...refs[1].matchAll(/(\d+) 0 R/g)].map((r) => Number(r[1])) : [Number(refs?.[2])];
    return ids.flatMap((c) => {
      const o = objs.get(c)!;
      const raw = /\/Filter \/FlateDecode/.test(o.dict) ? zlib.inflateSync(o.stream!) : o.stream!;
      const text: string[] = [];
      // PDFKit shows text as `[<hex> kern <hex> ...] TJ`: the hex runs of one operator are one string
      for (const op of raw.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)) {
        const shown = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('');
        // an embedded font's glyph ids (the Arabic) read back as control characters: left out
        if (![...shown].some((c) => c.charCodeAt(0) < 0x20)) text.push(shown);
      }
      return text;
    });
  });
}
