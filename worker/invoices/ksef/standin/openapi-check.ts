/**
 * The stand-in's reading of spec/open-api.json: the API's operations (path templates as
 * patterns, each JSON body's schema) and the check of a JSON body against its schema, as
 * strict as KSeF where a client bug could hide: every required field, and every field's type,
 * format (`byte`: base64), length (the 44-character SHA-256 hashes and key ids), bounds, items
 * and enumerations, `$ref`, `allOf` and `nullable` followed. KSeF answers what this finds with
 * 400 and 21405 (Błąd walidacji danych wejściowych), one detail per field.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SPEC_DIR } from './xsd.ts';

export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  required?: string[];
  properties?: Record<string, Schema>;
  type?: string;
  format?: string;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  enum?: unknown[];
  pattern?: string;
}

export interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  body?: Schema;
}

/** The API's operations, from the OpenAPI document: path templates as patterns, and each JSON body's schema. */
export function loadOperations(): { operations: Operation[]; schemas: Record<string, Schema> } {
  const spec = JSON.parse(readFileSync(path.join(SPEC_DIR, 'open-api.json'), 'utf8')) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    components: { schemas: Record<string, Schema> };
  };
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(spec.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({ method: method.toUpperCase(), template, pattern, ...(body ? { body } : {}) });
    }
  // Literal paths before templated ones (`/sessions/online` is not `/sessions/{referenceNumber}`).
  operations.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  return { operations, schemas: spec.components.schemas };
}

/** The schema and every `allOf` part of it, `$ref`s resolved: a value must satisfy each. */
function parts(schema: Schema, schemas: Record<string, Schema>): Schema[] {
  const { $ref, allOf, ...own } = schema;
  return [
    ...($ref ? parts(schemas[$ref.split('/').pop() as string] ?? {}, schemas) : []),
    own,
    ...(allOf ?? []).flatMap((p) => parts(p, schemas)),
  ];
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function typeProblem(type: string | undefined, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value !== 'string';
    case 'integer':
      return typeof value !== 'number' || !Number.isInteger(value);
    case 'number':
      return typeof value !== 'number' || !Number.isFinite(value);
    case 'boolean':
      return typeof value !== 'boolean';
    case 'array':
      return !Array.isArray(value);
    case 'object':
      return value === null || typeof value !== 'object' || Array.isArray(value);
    default:
      return false;
  }
}

/** What is wrong with a JSON value against its schema: one Polish detail per field, `[]` when nothing. */
export function invalidFields(
  schema: Schema | undefined,
  value: unknown,
  schemas: Record<string, Schema>,
  at = '',
): string[] {
  if (!schema) return [];
  const all = parts(schema, schemas);
  const name = at || '(treść)';
  if (value === null || value === undefined)
    return all.some((p) => p.nullable) || value === undefined ? [] : [`Pole ${name} nie może mieć wartości null.`];
  const problems: string[] = [];
  for (const p of all) {
    if (typeProblem(p.type, value)) {
      problems.push(`Pole ${name} musi być typu ${p.type}.`);
      continue;
    }
    if (typeof value === 'string') {
      if (p.minLength !== undefined && value.length < p.minLength)
        problems.push(`Pole ${name} musi mieć co najmniej ${p.minLength} znaków.`);
      if (p.maxLength !== undefined && value.length > p.maxLength)
        problems.push(`Pole ${name} może mieć najwyżej ${p.maxLength} znaków.`);
      if (p.format === 'byte' && !BASE64.test(value)) problems.push(`Pole ${name} musi być zakodowane w Base64.`);
      if (p.pattern && !new RegExp(p.pattern).test(value)) problems.push(`Pole ${name} ma nieprawidłowy format.`);
    }
    if (typeof value === 'number') {
      if (p.minimum !== undefined && value < p.minimum) problems.push(`Pole ${name} musi być ≥ ${p.minimum}.`);
      if (p.maximum !== undefined && value > p.maximum) problems.push(`Pole ${name} musi być ≤ ${p.maximum}.`);
    }
    if (p.enum && !p.enum.includes(value)) problems.push(`Pole ${name} ma niedozwoloną wartość.`);
    if (Array.isArray(value)) {
      if (p.minItems !== undefined && value.length < p.minItems)
        problems.push(`Pole ${name} musi mieć co najmniej ${p.minItems} elementów.`);
      if (p.maxItems !== undefined && value.length > p.maxItems)
        problems.push(`Pole ${name} może mieć najwyżej ${p.maxItems} elementów.`);
      if (p.items)
        for (const [i, item] of value.entries())
          problems.push(...invalidFields(p.items, item, schemas, `${name}[${i}]`));
    }
    if (typeof value === 'object' && !Array.isArray(value)) {
      const object = value as Record<string, unknown>;
      const prefix = at ? `${at}.` : '';
      for (const field of p.required ?? [])
        if (object[field] === undefined || object[field] === null)
          problems.push(`Pole ${prefix}${field} jest wymagane.`);
      for (const [field, property] of Object.entries(p.properties ?? {}))
        if (object[field] !== undefined && object[field] !== null)
          problems.push(...invalidFields(property, object[field], schemas, `${prefix}${field}`));
    }
  }
  return [...new Set(problems)];
}
