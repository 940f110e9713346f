import fs from 'node:fs';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { sharedPath } from './shared-assets.js';

// XML Schema validation of UBL 2.1 documents against the OASIS release in `../shared/ubl-2.1/` (decision 0120), with
// libxml2's validator compiled to WebAssembly (`xmllint-wasm`), so no system xmllint is needed. The schemas are read
// where they are, never copied into the project: every .xsd under the folder is handed to xmllint's in-memory file
// system under its path relative to the folder ('maindoc/UBL-Invoice-2.1.xsd', 'common/UBL-CommonAggregateComponents-2.1.xsd'),
// which is what the maindoc schemas' `schemaLocation="../common/…"` imports resolve to. Callers declare their tests
// with `itWithShared(UBL_FOLDER)` (test/shared-assets.ts): skipped and named when ../shared is absent, failed under CI.

export const UBL_FOLDER = 'ubl-2.1';
export type UblKind = 'Invoice' | 'CreditNote';
const SCHEMA_OF: Record<UblKind, string> = { Invoice: 'maindoc/UBL-Invoice-2.1.xsd', CreditNote: 'maindoc/UBL-CreditNote-2.1.xsd' };

let cache: XMLFileInfo[] | undefined;
/** Every .xsd of the release, by its path relative to the folder (read once per test file). */
export function ublSchemaFiles(): XMLFileInfo[] {
  if (cache) return cache;
  const root = sharedPath(UBL_FOLDER);
  const out: XMLFileInfo[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.xsd')) out.push({ fileName: path.relative(root, full).split(path.sep).join('/'), contents: fs.readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  cache = out;
  return out;
}

/** The document type by its root element (Invoice or CreditNote in the UBL 2.1 namespaces); throws on anything else. */
export function ublKindOf(xml: string): UblKind {
  const m = /<(?:[\w-]+:)?(Invoice|CreditNote)[\s>][^>]*xmlns(?::[\w-]+)?="urn:oasis:names:specification:ubl:schema:xsd:(Invoice|CreditNote)-2"/.exec(xml);
  if (!m || m[1] !== m[2]) throw new Error('not a UBL 2.1 Invoice or CreditNote');
  return m[1] as UblKind;
}

/**
 * Validates documents against the OASIS schema of their type; answers each document's errors (libxml2's messages with
 * the line), an empty list for a valid one, in the order given.
 */
export async function ublSchemaErrors(docs: readonly { name: string; xml: string }[]): Promise<string[][]> {
  const files = ublSchemaFiles();
  const out: string[][] = docs.map(() => []);
  for (const kind of ['Invoice', 'CreditNote'] as const) {
    const picked = docs.map((d, i) => ({ ...d, i })).filter((d) => ublKindOf(d.xml) === kind);
    if (!picked.length) continue;
    const schema = files.find((f) => f.fileName === SCHEMA_OF[kind]);
    if (!schema) throw new Error(`${SCHEMA_OF[kind]} is not in ${sharedPath(UBL_FOLDER)}`);
    // file names must be unique and not look like options; the name keeps the document recognisable in messages
    const named = picked.map((d, n) => ({ ...d, fileName: `doc${n}-${d.name.replace(/[^\w.-]/g, '_')}.xml` }));
    const result = await validateXML({
      xml: named.map((d) => ({ fileName: d.fileName, contents: d.xml })),
      schema,
      preload: files.filter((f) => f !== schema),
    });
    for (const e of result.errors) {
      const d = named.find((x) => x.fileName === e.loc?.fileName);
      // an error not tied to one document (a schema that failed to load) fails every document of the kind
      for (const target of d ? [d] : named) out[target.i]!.push(e.rawMessage);
    }
    if (!result.valid && !result.errors.length) for (const d of named) out[d.i]!.push('xmllint: invalid, without a message');
  }
  return out;
}
