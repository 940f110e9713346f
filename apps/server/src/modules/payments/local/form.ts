/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket notation — `metadata[order]=7`,
 * `expand[0]=latest_charge` (the official client numbers array items), `expand[]=x` (curl's style), nested
 * `payment_method_data[card][number]=…`. Values stay strings, as on the wire; each endpoint reads its own types.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export class FormError extends Error {}

function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const re = /\[([^\]]*)\]/g;
  let consumed = 0;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    if (m.index !== consumed) throw new FormError(`Invalid parameter name: ${key}`);
    parts.push(m[1]!);
    consumed = re.lastIndex;
  }
  if (consumed !== rest.length) throw new FormError(`Invalid parameter name: ${key}`);
  return parts;
}

export function parseForm(body: string): Form {
  const root: Form = {};
  if (!body) return root;
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = splitKey(rawKey);
    let node: Record<string, FormValue> | FormValue[] = root;
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i]!;
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]!);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (!Number.isInteger(index)) throw new FormError(`Invalid array index in ${rawKey}`);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as never;
      } else {
        if (part === '') throw new FormError(`Invalid parameter name: ${rawKey}`);
        if (last) node[part] = value;
        else {
          const existing: FormValue | undefined = node[part];
          if (typeof existing === 'string') throw new FormError(`Invalid parameter name: ${rawKey}`);
          node = (node[part] = existing ?? (nextIsIndex ? [] : {})) as never;
        }
      }
    }
  }
  return root;
}

/** The inverse (used by tests that speak the wire without the official client, and by the fetch bridge's logs). */
export function encodeForm(value: Record<string, unknown>, prefix = ''): string {
  const out: string[] = [];
  const walk = (v: unknown, key: string) => {
    if (v === undefined) return;
    if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) v.forEach((item, i) => walk(item, `${key}[${i}]`));
      else for (const [k, item] of Object.entries(v)) walk(item, key ? `${key}[${k}]` : k);
      return;
    }
    out.push(`${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v === null ? '' : String(v))}`);
  };
  walk(value, prefix);
  return out.join('&');
}
