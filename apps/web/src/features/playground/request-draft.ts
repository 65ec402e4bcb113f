import { newIdempotencyKey } from '@/lib/idempotency-key';
import { type HttpMethod, IDEMPOTENCY_HEADER, type JsonSchema, type Operation } from './openapi';

type FieldKind = 'text' | 'number' | 'boolean' | 'enum' | 'json' | 'file';
export type FieldLocation = 'path' | 'query' | 'header' | 'body';

export interface FormField {
  /** `location:name`; the whole body, when its schema is not an object of fields, is `body:`. */
  key: string;
  location: FieldLocation;
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Enum values, shown as their text. */
  options?: unknown[];
  /** A file field that takes several files. */
  multiple?: boolean;
  description?: string;
  format?: string;
  defaultValue?: unknown;
}

/** Text for text, number, enum and JSON fields ('' is not sent); a checkbox's state ('' until set); files. */
export type FieldValue = string | boolean | File[];
export type FormValues = Record<string, FieldValue>;

type PreparedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'multipart'; parts: [name: string, value: string | File][] };

export interface PreparedRequest {
  method: HttpMethod;
  /** The document's path with the parameters filled in (a missing one stays `{name}`). */
  path: string;
  query: [string, string][];
  headers: [string, string][];
  body: PreparedBody | null;
}

/** Who the form is filled in for: the signed-in person, and the app or business the shell acts for. */
export interface DraftContext {
  userId: string | null;
  actingUserId: string | null;
}

export const ACTING_HEADER = 'user_id';

const isNullSchema = (schema: JsonSchema) => schema.type === 'null';

/** A nullable or one-of-several schema as the one a form field can take, or null when only JSON can say it. */
function simpleSchema(schema: JsonSchema): JsonSchema | null {
  const branches = (schema.anyOf ?? schema.oneOf)?.filter((branch) => !isNullSchema(branch));
  if (!branches) {
    if (!Array.isArray(schema.type)) return schema;
    const types = schema.type.filter((type) => type !== 'null');
    return types.length === 1 ? { ...schema, type: types[0] } : null;
  }
  if (branches.length === 1 && branches[0]) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
    return simpleSchema({ ...rest, ...branches[0] });
  }
  // One value or a list of them (a status filter): the form offers the one value.
  const single = branches.find((branch) => branch.enum || branch.type === 'string');
  return single ? simpleSchema(single) : null;
}

function fieldOf(
  location: FieldLocation,
  name: string,
  schema: JsonSchema,
  required: boolean,
  description?: string,
): FormField {
  const simple = simpleSchema(schema);
  const base = {
    key: `${location}:${name}`,
    location,
    name,
    required,
    ...(description || schema.description ? { description: description ?? schema.description } : {}),
    ...(simple?.format ? { format: simple.format } : {}),
    ...(simple?.default !== undefined ? { defaultValue: simple.default } : {}),
  };
  if (!simple) return { ...base, kind: 'json' };
  if (simple.enum || simple.const !== undefined)
    return { ...base, kind: 'enum', options: simple.enum ?? [simple.const] };
  if (simple.type === 'boolean') return { ...base, kind: 'boolean' };
  if (simple.type === 'integer' || simple.type === 'number') return { ...base, kind: 'number' };
  if (simple.type === 'string') return { ...base, kind: simple.format === 'binary' ? 'file' : 'text' };
  if (simple.type === 'array' && simple.items?.format === 'binary')
    return { ...base, kind: 'file', multiple: true };
  return { ...base, kind: 'json' };
}

/** The form of an operation: its parameters (path, query, header), then its body's fields. */
export function fieldsOf(operation: Operation): FormField[] {
  const fields = operation.parameters.map((parameter) =>
    fieldOf(parameter.in, parameter.name, parameter.schema, parameter.required, parameter.description),
  );
  const body = operation.body;
  if (!body) return fields;
  const properties = body.schema.properties;
  if (!properties) {
    return [...fields, { ...fieldOf('body', '', body.schema, body.required), kind: 'json' }];
  }
  const required = new Set(body.schema.required ?? []);
  for (const [name, schema] of Object.entries(properties)) {
    fields.push(fieldOf('body', name, schema, required.has(name)));
  }
  return fields;
}

export const isIdempotencyKey = (field: FormField) =>
  field.location === 'header' && field.name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase();

/** A value as its field shows it. */
function asFieldValue(field: FormField, value: unknown): FieldValue {
  if (value === undefined || value === null) return '';
  if (field.kind === 'boolean') return typeof value === 'boolean' ? value : '';
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  if (field.kind === 'file') return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function exampleOf(operation: Operation, field: FormField): unknown {
  if (field.location === 'body') {
    const example = operation.body?.example;
    if (field.name === '') return example;
    return isRecord(example) ? example[field.name] : undefined;
  }
  return operation.parameters.find(
    (parameter) => parameter.in === field.location && parameter.name === field.name,
  )?.example;
}

/**
 * A new form: the reference's examples where it gives them, a fresh Idempotency-Key, the signed-in person's id
 * for a `{userId}` in the path, and the app or business the shell acts for in the `user_id` header.
 */
export function initialValues(operation: Operation, fields: FormField[], context: DraftContext): FormValues {
  const values: FormValues = {};
  const namesUser = operation.path.includes('{userId}');
  for (const field of fields) {
    let value = exampleOf(operation, field);
    if (isIdempotencyKey(field)) value = newIdempotencyKey();
    if (field.location === 'path' && field.name === 'userId') value = context.userId;
    if (field.location === 'header' && field.name === ACTING_HEADER && !namesUser) {
      value = context.actingUserId !== context.userId ? context.actingUserId : undefined;
    }
    if (value === undefined && field.kind === 'boolean' && field.required) value = false;
    values[field.key] = asFieldValue(field, value);
  }
  return values;
}

/** Values kept from an earlier call (history), fitted to the fields the operation has now. */
export function restoredValues(fields: FormField[], saved: Record<string, string | boolean>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = saved[field.key];
    values[field.key] =
      field.kind === 'file' || value === undefined ? '' : field.kind === 'boolean' ? value : String(value);
  }
  return values;
}

const REQUIRED = 'Required';

type Parsed = { value: unknown } | { error: string } | null;

/** A field's value as it is sent, null when it is left out. */
function parseValue(field: FormField, raw: FieldValue): Parsed {
  if (Array.isArray(raw) || field.kind === 'file') return null;
  if (field.kind === 'boolean') {
    if (raw === '') return field.required ? { value: false } : null;
    return { value: raw === true };
  }
  const text = String(raw);
  if (text.trim() === '') return field.required ? { error: REQUIRED } : null;
  if (field.kind === 'number') {
    const number = Number(text);
    return Number.isFinite(number) ? { value: number } : { error: 'Enter a number' };
  }
  if (field.kind === 'enum')
    return { value: field.options?.find((option) => String(option) === text) ?? text };
  if (field.kind === 'json') {
    try {
      return { value: JSON.parse(text) };
    } catch {
      return { error: 'Enter valid JSON' };
    }
  }
  return { value: text };
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The request the form describes, always (the snippets follow the form as it is typed), with what stops it being
 * sent by field key: a required value missing, a number or JSON that does not parse.
 */
export function prepareRequest(
  operation: Operation,
  fields: FormField[],
  values: FormValues,
): { request: PreparedRequest; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let path = operation.path;
  const query: [string, string][] = [];
  const headers: [string, string][] = [];
  const bodyFields: Record<string, unknown> = {};
  const parts: [string, string | File][] = [];
  let wholeBody: unknown;
  for (const field of fields) {
    const raw = values[field.key] ?? '';
    if (field.kind === 'file') {
      const files = Array.isArray(raw) ? raw : [];
      if (files.length === 0 && field.required) errors[field.key] = REQUIRED;
      for (const file of files) parts.push([field.name, file]);
      continue;
    }
    const parsed = parseValue(field, raw);
    if (parsed && 'error' in parsed) errors[field.key] = parsed.error;
    const value = parsed && 'value' in parsed ? parsed.value : undefined;
    if (field.location === 'path') {
      if (value !== undefined) path = path.replace(`{${field.name}}`, encodeURIComponent(textOf(value)));
    } else if (value === undefined) {
      // Left out.
    } else if (field.location === 'query') query.push([field.name, textOf(value)]);
    else if (field.location === 'header') headers.push([field.name, textOf(value)]);
    else if (field.name === '') wholeBody = value;
    else if (operation.body?.mediaType === 'multipart/form-data') parts.push([field.name, textOf(value)]);
    else bodyFields[field.name] = value;
  }
  return { request: { method: operation.method, path, query, headers, body: bodyOf() }, errors };

  function bodyOf(): PreparedBody | null {
    const spec = operation.body;
    if (!spec) return null;
    if (spec.mediaType === 'multipart/form-data') return { kind: 'multipart', parts };
    if (wholeBody !== undefined) return { kind: 'json', value: wholeBody };
    if (!spec.schema.properties) return spec.required ? { kind: 'json', value: {} } : null;
    if (!spec.required && Object.keys(bodyFields).length === 0) return null;
    return { kind: 'json', value: bodyFields };
  }
}
