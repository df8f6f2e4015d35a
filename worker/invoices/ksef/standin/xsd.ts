/**
 * XSD validation for the KSeF stand-in and the Node tests, with xmllint-wasm (libxml2 in
 * WebAssembly) over the Ministry's schemas vendored in ../spec: FA(3) (its http import of the
 * base types mapped to the local `bazowe/` files), UPO v4-3 and AuthTokenRequest v2.1.
 * Many documents go in one call (the schema is parsed once): a batch session's invoices.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The Node build by name: vitest 5 loads the worker tests' global setup (this stand-in) through the worker
// project's resolver, whose 'browser' field would give the Web Worker build ("Worker is not defined").
import { validateXML, type XMLFileInfo } from 'xmllint-wasm/index-node.js';

/** The vendored spec/ folder: beside this module, unless a bundle for Node moved the module (`setSpecDir`). */
export let SPEC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../spec');

/** Where the vendored schemas are, for a copy of this module bundled elsewhere (scripts/start.mjs). */
export function setSpecDir(dir: string): void {
  SPEC_DIR = dir;
  fa3 = undefined;
}

const read = (file: string): string => readFileSync(path.join(SPEC_DIR, file), 'utf8');

const BASE_URL = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/';

let fa3: { schema: XMLFileInfo; preload: XMLFileInfo[] } | undefined;
/** The FA(3) schema with its import of the base types pointed at the vendored copies. */
function fa3Schema() {
  fa3 ??= {
    schema: {
      fileName: 'schemat_FA3.xsd',
      contents: read('faktury/schemy/FA/schemat_FA(3)_v1-0E.xsd').replace(
        `schemaLocation="${BASE_URL}StrukturyDanych_v10-0E.xsd"`,
        'schemaLocation="StrukturyDanych_v10-0E.xsd"',
      ),
    },
    preload: ['StrukturyDanych_v10-0E.xsd', 'ElementarneTypyDanych_v10-0E.xsd', 'KodyKrajow_v10-0E.xsd'].map(
      (fileName) => ({ fileName, contents: read(`faktury/schemy/FA/bazowe/${fileName}`) }),
    ),
  };
  return fa3;
}

export type Schema = 'FA3' | 'UPO' | 'AUTH';

const schemaOf = (schema: Schema): { schema: XMLFileInfo; preload: XMLFileInfo[] } =>
  schema === 'FA3'
    ? fa3Schema()
    : schema === 'UPO'
      ? { schema: { fileName: 'upo.xsd', contents: read('faktury/upo/schemy/upo-v4-3.xsd') }, preload: [] }
      : { schema: { fileName: 'auth.xsd', contents: read('auth/schemy/schemat_auth_v2-1.xsd') }, preload: [] };

/** The errors of each document against `schema` (an empty list: valid), in the order given. */
export async function validate(schema: Schema, documents: readonly string[]): Promise<string[][]> {
  if (!documents.length) return [];
  const { schema: xsd, preload } = schemaOf(schema);
  const files = documents.map((contents, i) => ({ fileName: `doc_${i}.xml`, contents }));
  const result = await validateXML({ xml: files, schema: xsd, preload, maxMemoryPages: 16 * 1024 });
  const errors: string[][] = documents.map(() => []);
  for (const error of result.errors) {
    const index = Number(/doc_(\d+)\.xml/.exec(error.loc?.fileName ?? error.rawMessage)?.[1]);
    if (Number.isInteger(index) && errors[index]) errors[index].push(error.message);
    else for (const list of errors) list.push(error.message);
  }
  return errors;
}

/** The errors of one document (an empty list: valid). */
export const validateOne = async (schema: Schema, document: string): Promise<string[]> =>
  (await validate(schema, [document]))[0] ?? [];
