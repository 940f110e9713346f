import type { Form, FormValue } from '../form.js';
import { invalid, missingParameter, unknownParameter } from './errors.js';

/**
 * Reading a request's parameters the way Stripe does: unknown names are refused (`parameter_unknown`), integers and
 * booleans are checked, `metadata[key]=` (empty) removes a key. Every endpoint lists the parameters it accepts.
 */
export function only(form: Form, allowed: readonly string[]) {
  for (const k of Object.keys(form)) if (!allowed.includes(k)) throw unknownParameter(k);
}

const asString = (v: FormValue | undefined, name: string): string | undefined => {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`Invalid string: ${name}`, name, 'parameter_invalid_string');
  return v;
};

export function str(form: Form, name: string, required?: false): string | undefined;
export function str(form: Form, name: string, required: true): string;
export function str(form: Form, name: string, required = false) {
  const v = asString(form[name], name);
  if (required && (v === undefined || v === '')) throw missingParameter(name);
  return v === '' ? undefined : v;
}

export function int(form: Form, name: string, required?: false): number | undefined;
export function int(form: Form, name: string, required: true): number;
export function int(form: Form, name: string, required = false) {
  const v = asString(form[name], name);
  if (v === undefined || v === '') {
    if (required) throw missingParameter(name);
    return undefined;
  }
  if (!/^-?\d+$/.test(v)) throw invalid(`Invalid integer: ${v}`, name, 'parameter_invalid_integer');
  return Number(v);
}

export function positive(form: Form, name: string, required: true): number;
export function positive(form: Form, name: string, required?: false): number | undefined;
export function positive(form: Form, name: string, required = false) {
  const n = int(form, name, required as false);
  if (n !== undefined && n < 1) throw invalid('This value must be greater than or equal to 1.', name, 'parameter_invalid_integer');
  return n;
}

export function bool(form: Form, name: string): boolean | undefined {
  const v = asString(form[name], name);
  if (v === undefined || v === '') return undefined;
  if (v !== 'true' && v !== 'false') throw invalid(`Invalid boolean: ${v}`, name);
  return v === 'true';
}

export function oneOf<T extends string>(form: Form, name: string, values: readonly T[]): T | undefined {
  const v = str(form, name);
  if (v === undefined) return undefined;
  if (!values.includes(v as T)) throw invalid(`Invalid ${name}: must be one of ${values.join(', ')}`, name);
  return v as T;
}

export function obj(form: Form, name: string): Form | undefined {
  const v = form[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`Invalid hash: ${name}`, name, 'parameter_invalid_hash');
  return v;
}

export function list(form: Form, name: string): string[] {
  const v = form[name];
  if (v === undefined || v === '') return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw invalid(`Invalid array: ${name}`, name, 'parameter_invalid_array');
  return v as string[];
}

/** Merges `metadata[...]` into existing metadata (empty value removes the key), as Stripe's update does. */
export function metadata(form: Form, existing: Record<string, string> = {}): Record<string, string> {
  const m = obj(form, 'metadata');
  if (form.metadata === '') return {};
  const out = { ...existing };
  for (const [k, v] of Object.entries(m ?? {})) {
    if (typeof v !== 'string') throw invalid('Invalid metadata value', `metadata[${k}]`);
    if (k.length > 40) throw invalid('Metadata keys can have a maximum length of 40 characters.', `metadata[${k}]`);
    if (v.length > 500) throw invalid('Metadata values can have a maximum length of 500 characters.', `metadata[${k}]`);
    if (v === '') delete out[k];
    else out[k] = v;
  }
  if (Object.keys(out).length > 50) throw invalid('Metadata can have a maximum of 50 keys.', 'metadata');
  return out;
}

export function currency(form: Form, required = true): string {
  const c = str(form, 'currency', required as true);
  if (!/^[a-zA-Z]{3}$/.test(c)) throw invalid(`Invalid currency: ${c.toLowerCase()}. Stripe currently supports these currencies: aed, usd, eur, gbp, sar.`, 'currency');
  return c.toLowerCase();
}
