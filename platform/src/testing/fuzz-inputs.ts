/**
 * Schema-driven inputs for the API fuzz suite (`platform/src/http/fuzz.test.ts`): a minimal valid
 * value for a JSON Schema of the OpenAPI document, and the values that break one input at a time.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
}

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'any';

export function kindOf(schema: JsonSchema | undefined): Kind {
  if (!schema) return 'any';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type) return type as Kind;
  const first = schema.anyOf?.[0];
  if (first) return kindOf(first);
  return 'any';
}

/**
 * Values that satisfy the document's patterns, for strings it asks to match one. A host name field
 * gets the loopback address first: a valid request must never send the console to another host.
 */
const PATTERN_EXAMPLES = ['127.0.0.1', '1', '0', 'Last', '00:15:65:fe:00:01', 'A-1', ''];

/** A minimal valid value: the schema's default, first choice, lower bound or shortest text. */
export function exampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleOf(schema.anyOf[0]);
  switch (kindOf(schema)) {
    case 'integer':
    case 'number': {
      if (schema.minimum !== undefined) return Math.max(schema.minimum, Math.min(1, schema.maximum ?? 1));
      if (schema.exclusiveMinimum !== undefined) return Math.floor(schema.exclusiveMinimum) + 1;
      return 1;
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => exampleOf(schema.items));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) value[name] = exampleOf(schema.properties?.[name]);
      return value;
    }
    case 'string': {
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        const found = PATTERN_EXAMPLES.find((text) => pattern.test(text));
        if (found !== undefined) return found;
      }
      if (schema.format === 'ipv4') return '127.0.0.1';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return 'x';
  }
}

/** Text that has broken parsers, drivers and SQL before: control characters, unicode, wildcards. */
export const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0007\u001b[2J\u007f\u0085',
  'Zoë 名前 🙂\u202e\u200b e\u0301',
  '\ud800 lone surrogate',
  "x' OR '1'='1",
  '%_\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
];

/** Values that break one input of `schema`: wrong types, out of range, huge, hostile, arrays for scalars. */
export function breakersOf(schema: JsonSchema | undefined): unknown[] {
  const example = exampleOf(schema);
  const wrongTypes = [null, {}, [example]];
  switch (kindOf(schema)) {
    case 'string': {
      const huge = 'x'.repeat((schema?.maxLength ?? 100_000) + 1);
      const choice = schema?.enum?.length ? ['not-one-of-them'] : [];
      return [...wrongTypes, 12345, true, '', huge, ...choice, ...HOSTILE_TEXT];
    }
    case 'integer':
    case 'number': {
      const bounds = [
        ...(schema?.minimum !== undefined ? [schema.minimum - 1] : []),
        ...(schema?.exclusiveMinimum !== undefined ? [schema.exclusiveMinimum] : []),
        ...(schema?.maximum !== undefined ? [schema.maximum + 1] : []),
        ...(schema?.enum?.length ? [Math.max(...(schema.enum as number[])) + 1] : []),
      ];
      return [...wrongTypes, String(example), 'abc', true, 1.5, -1, 0, 2 ** 63, -1e308, ...bounds];
    }
    case 'boolean':
      return [...wrongTypes, 'true', 1];
    case 'array': {
      const overfull = Array.from({ length: (schema?.maxItems ?? 10_000) + 1 }, () =>
        exampleOf(schema?.items),
      );
      return ['x', {}, null, 1, [], [null], [[]], [{}], ['a\u0000b'], overfull];
    }
    case 'object':
      return ['x', [], null, 42, { zzUnknown: 'a\u0000b' }];
    default:
      return [null, 'a\u0000b', 'x'.repeat(100_001), [[[[[]]]]], { a: { b: { c: {} } } }];
  }
}

/** Text breakers of a query or path parameter, already URL-encoded. */
export function textBreakers(schema: JsonSchema | undefined): string[] {
  const max = schema?.maxLength ?? 4000;
  return [
    '',
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '%201',
    '99999999999999999999999',
    'x'.repeat(Math.min(max + 1, 6000)),
    '%00',
    '%07%1B',
    '%E5%90%8D%F0%9F%99%82',
    '%ED%A0%80',
    '%FF%FE',
    '%25_%5C',
    '..%2F..%2Fetc%2Fpasswd',
  ];
}

export interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { name: string; in: 'query' | 'path'; required: boolean; schema: JsonSchema }[];
}

/** One request: path parameters and query already URL-encoded; a JSON value, raw text or a form. */
export interface Attempt {
  label: string;
  path: Record<string, string>;
  query: [string, string][];
  body?: { json: unknown } | { raw: string } | { form: () => FormData };
}

/** `base` with the field at `field` (a path of names) set to `value`, or removed when undefined. */
function withField(base: Record<string, unknown>, field: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  let target = copy;
  for (const key of field.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Record<string, unknown>;
  }
  const last = field.at(-1) as string;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** The valid request's variants with one input broken: a path or query parameter, the body, one field. */
export function mutations(valid: Attempt, operation: Operation): Attempt[] {
  const list: Attempt[] = [
    { ...valid, label: 'extra query parameter', query: [...valid.query, ['zz', '%00']] },
  ];
  for (const name of Object.keys(valid.path)) {
    for (const text of textBreakers(undefined))
      list.push({
        ...valid,
        label: `path ${name}=${text.slice(0, 24)}`,
        path: { ...valid.path, [name]: text },
      });
  }
  for (const p of operation.parameters ?? []) {
    if (p.in !== 'query') continue;
    const rest = valid.query.filter(([name]) => name !== p.name);
    const own = valid.query.find(([name]) => name === p.name)?.[1] ?? '1';
    list.push({ ...valid, label: `query ${p.name} missing`, query: rest });
    list.push({ ...valid, label: `query ${p.name} repeated`, query: [...valid.query, [p.name, own]] });
    for (const text of textBreakers(p.schema))
      list.push({
        ...valid,
        label: `query ${p.name}=${text.slice(0, 24)}`,
        query: [...rest, [p.name, text]],
      });
  }
  const schema = operation.requestBody?.content['application/json']?.schema;
  const base = valid.body && 'json' in valid.body ? (valid.body.json as Record<string, unknown>) : undefined;
  if (!schema || !base) return list;
  for (const json of [[], 'text', 42, null, { ...base, zzExtra: 'a\u0000b' }])
    list.push({ ...valid, label: `body ${JSON.stringify(json).slice(0, 30)}`, body: { json } });
  for (const raw of [
    '{"a":',
    '',
    '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}',
    JSON.stringify(base).replace('{', '{"__proto__":{"admin":true},'),
  ])
    list.push({ ...valid, label: `raw ${raw.slice(0, 30)}`, body: { raw } });
  // Every field, the fields of object fields (`taskParam.name`), and what a passthrough body holds.
  const fields: [string[], JsonSchema | undefined][] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    fields.push([[name], field]);
    for (const [inner, innerSchema] of Object.entries(field.properties ?? {}))
      fields.push([[name, inner], innerSchema]);
  }
  for (const name of Object.keys(base)) if (!schema.properties?.[name]) fields.push([[name], undefined]);
  for (const [field, fieldSchema] of fields) {
    const name = field.join('.');
    list.push({ ...valid, label: `${name} missing`, body: { json: withField(base, field, undefined) } });
    for (const value of breakersOf(fieldSchema))
      list.push({
        ...valid,
        label: `${name}=${JSON.stringify(value)?.slice(0, 30)}`,
        body: { json: withField(base, field, value) },
      });
  }
  return list;
}

function form(files: [string, Uint8Array][], fields: Record<string, string> = {}): () => FormData {
  return () => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    for (const [name, bytes] of files) data.append('file', new Blob([new Uint8Array(bytes)]), name);
    return data;
  };
}

/** An upload route's valid request (one good file) and its broken variants. */
export function uploadAttempts(
  valid: Attempt,
  upload: { name: string; bytes: Uint8Array; maxBytes: number; zip: Uint8Array },
): Attempt[] {
  const good: [string, Uint8Array] = [upload.name, upload.bytes];
  const cases: [string, [string, Uint8Array][], Record<string, string>?][] = [
    ['valid', [good]],
    ['wrong extension', [['file.exe', upload.bytes]]],
    ['empty file', [[upload.name, new Uint8Array()]]],
    ['garbage', [[upload.name, Buffer.from('PK\u0003\u0004 garbage \u0000\u00ff'.repeat(100))]]],
    ['a zip of folders', [['fleet.zip', upload.zip]]],
    ['garbage zip', [['fleet.zip', Buffer.from('PK\u0005\u0006'.padEnd(64, '\u0000'))]]],
    ['hostile name', [[`a\u0000b/../${HOSTILE_TEXT[2]}${upload.name}`, upload.bytes]]],
    ['hostile content', [[upload.name, Buffer.from(HOSTILE_TEXT.join('\n'))]]],
    ['over the limit', [[upload.name, Buffer.alloc(upload.maxBytes + 1, 0x41)]]],
    ['two files', [good, good]],
    ['extra field', [good], { zz: 'a\u0000b' }],
  ];
  return [
    ...cases.map(
      ([label, files, fields]): Attempt => ({ ...valid, label, body: { form: form(files, fields) } }),
    ),
    { ...valid, label: 'upload as JSON', body: { json: {} } },
  ];
}
