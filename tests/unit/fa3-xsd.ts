// The FA(3) schema check every invoice the tests make goes through: the Ministry's XSD and
// base schemas vendored in worker/invoices/ksef/spec/, validated by libxml2 (xmllint-wasm) in
// Node. The schema imports its base types by an http address; here that import is pointed at
// the vendored file, so nothing is fetched. The worker tests reach it through the FA3_XSD
// service binding of tests/vitest.config.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const SPEC = 'worker/invoices/ksef/spec/faktury/schemy/FA';
/** The vendored schema: from this file's place in the repository, or (bundled elsewhere, as the bench does) the working directory. */
const FA = [
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..', SPEC),
  path.resolve(process.cwd(), SPEC),
].find((dir) => existsSync(dir)) as string;
const BASE_URL = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/';
const BASE_FILES = ['StrukturyDanych_v10-0E.xsd', 'ElementarneTypyDanych_v10-0E.xsd', 'KodyKrajow_v10-0E.xsd'];

let schema: { main: string; preload: { fileName: string; contents: string }[] } | undefined;
function fa3Schema() {
  schema ??= {
    main: readFileSync(path.join(FA, 'schemat_FA(3)_v1-0E.xsd'), 'utf8').replace(
      `schemaLocation="${BASE_URL}StrukturyDanych_v10-0E.xsd"`,
      'schemaLocation="StrukturyDanych_v10-0E.xsd"',
    ),
    preload: BASE_FILES.map((fileName) => ({
      fileName,
      contents: readFileSync(path.join(FA, 'bazowe', fileName), 'utf8'),
    })),
  };
  return schema;
}

export interface SchemaCheck {
  valid: boolean;
  /** libxml2's messages, each naming its document (`invoice-<n>.xml`) and line. */
  errors: string[];
}

/** Validates FA(3) documents against the vendored XSD in one run (the schema is parsed once for all of them). */
export async function validateFa3(documents: readonly string[]): Promise<SchemaCheck> {
  if (documents.length === 0) return { valid: true, errors: [] };
  const { main, preload } = fa3Schema();
  const result = await validateXML({
    xml: documents.map((contents, i) => ({ fileName: `invoice-${i + 1}.xml`, contents })),
    schema: [main],
    preload,
    maxMemoryPages: 4_096,
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}

/** Throws with libxml2's messages unless every document is valid FA(3). */
export async function assertValidFa3(documents: readonly string[]): Promise<void> {
  const check = await validateFa3(documents);
  if (!check.valid) throw new Error(`Not valid FA(3):\n${check.errors.join('\n')}`);
}
