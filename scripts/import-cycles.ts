/**
 * Import cycles in a graph of files (Tarjan's strongly connected components): every component of more than one file,
 * or a file importing itself, named by `rel`, each sorted. The server's and the web's import tests share it.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>, files: Iterable<string>, rel: (f: string) => string): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        part.push(rel(w));
      } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(part.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return cycles;
}
