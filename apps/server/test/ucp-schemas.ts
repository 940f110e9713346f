import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The Universal Commerce Protocol release's own JSON Schemas (draft 2020-12), read in place from
 * `../shared/ucp-2026-04-08` beside the repository (CI has it at the same place), never copied or edited.
 *
 * The release's `$ref`s are relative to the files' places on disk (discovery/profile_schema.json reaches
 * `../schemas/ucp.json`), while their `$id`s put discovery/ under /schemas/ — resolved against the `$id`s those refs
 * miss. So each schema is registered under its file's own URL (its `$id` replaced in memory), which resolves every
 * ref exactly as the files lie. The release's own annotations (`ucp_request`, `name`, ...) are not validation keywords.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const UCP_SOURCE = path.resolve(repoRoot, '../shared/ucp-2026-04-08/source');

function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? jsonFiles(full) : e.name.endsWith('.json') ? [full] : [];
  });
}

const fileUrl = (rel: string) => pathToFileURL(path.join(UCP_SOURCE, rel)).href;

let ajv: Ajv2020 | null = null;
function compiler(): Ajv2020 {
  if (ajv) return ajv;
  // strictSchema off: the release carries its own annotations (ucp_request, ucp_response, name, embedded, ...) and
  // $defs entries that are maps of schemas rather than schemas; everything that validates is standard 2020-12
  ajv = new Ajv2020({ allErrors: true, strictSchema: false, strictRequired: false, strictTypes: false, allowUnionTypes: true });
  addFormats.default(ajv);
  for (const file of [...jsonFiles(path.join(UCP_SOURCE, 'schemas')), ...jsonFiles(path.join(UCP_SOURCE, 'discovery'))]) {
    const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    ajv.addSchema({ ...schema, $id: pathToFileURL(file).href });
  }
  return ajv;
}

const cache = new Map<string, ValidateFunction>();
/** A validator for `file#pointer` of the release, e.g. `schemas/shopping/catalog_search.json#/$defs/search_response`. */
export function ucpValidator(ref: string): ValidateFunction {
  let v = cache.get(ref);
  if (!v) {
    const [file, pointer = ''] = ref.split('#');
    const a = compiler();
    v = a.getSchema(`${fileUrl(file!)}#${pointer}`);
    if (!v) throw new Error(`no schema at ${ref}`);
    cache.set(ref, v);
  }
  return v;
}

/** The validation errors of a value against a schema of the release, as readable lines (empty when it conforms). */
export function ucpErrors(ref: string, value: unknown): string[] {
  const v = ucpValidator(ref);
  return v(value) ? [] : (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
