import { createHash } from 'node:crypto';

/** A JSON Schema node as the document holds it (OpenAPI 3.0 dialect). */
export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  multipleOf?: number;
  minItems?: number;
  nullable?: boolean;
  example?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  [key: string]: unknown;
};

/**
 * A realistic-looking, stable UUID (version 4 layout) for a name such as `patientId`: the same
 * name gives the same id in every build of the document, so examples never churn.
 */
export function exampleUuid(name: string): string {
  const hex = createHash('sha256').update(`casebridge:${name}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/** Words a person would type, by property name; tried in order until one fits the schema. */
const STRING_SAMPLES: Array<[RegExp, string[]]> = [
  [/^firstName$/i, ['Maria']],
  [/^lastName$/i, ['Alvarez']],
  [/^(?:name|displayName|fullName)$/i, ['Maria Alvarez', 'Riverside Physical Therapy']],
  [/^organi[sz]ation(?:Name)?$|^orgName$/i, ['Riverside Physical Therapy']],
  [/password/i, ['correct-horse-battery-staple-42']],
  [/(?:^|[a-z])email$|^to$/i, ['maria.alvarez@example.com']],
  [/phone/i, ['+1 555 010 0199', '5550100199']],
  [/(?:^|[a-z])(?:zip|postal)/i, ['94110']],
  [/state$/i, ['CA']],
  [/city/i, ['San Francisco']],
  [/address|street/i, ['1200 Valencia St']],
  [/reason/i, ['Entered against the wrong visit']],
  [/(?:^|[a-z])(?:body|text|message|note|comment|content)s?$/i, ['Please send the MRI report.']],
  [/subject|title/i, ['MRI report requested']],
  [/cpt|hcpcs/i, ['97110']],
  [/^code$/i, ['123456', 'ABCD-EFGH-IJKL']],
  [/percent/i, ['33.33', '33']],
  [/amount|gross|costs?$|value$|price|total/i, ['1250.00', '1250', '125']],
  [/count$|sessions$|hours$|days$/i, ['3']],
  [/token/i, ['c2VjcmV0LXRva2VuLWZyb20tdGhlLWxpbms']],
  [/search|^q$/i, ['Alvarez']],
  [/(?:^|[a-z])(?:tz|timeZone)$/i, ['America/Los_Angeles']],
  [/claim|policy|number$/i, ['CLM-2026-0412']],
];

const DATE = '2026-03-14';
const DATE_TIME = '2026-03-14T15:30:00.000Z';

function fits(value: string, schema: JsonSchema): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  return true;
}

function exampleString(schema: JsonSchema, name: string): string | undefined {
  switch (schema.format) {
    case 'uuid':
      return exampleUuid(name);
    case 'email':
      return 'maria.alvarez@example.com';
    case 'date':
      return /dob|birth/i.test(name) ? '1984-07-21' : DATE;
    case 'date-time':
      return DATE_TIME;
    case 'uri':
    case 'url':
      return 'https://partner.example.com/casebridge/hooks';
    case 'binary':
      return undefined;
    default:
      break;
  }
  const candidates = [
    ...STRING_SAMPLES.filter(([test]) => test.test(name)).flatMap(([, values]) => values),
    /id$/i.test(name) ? exampleUuid(name) : 'Example',
    DATE,
  ];
  return candidates.find((candidate) => fits(candidate, schema));
}

function exampleNumber(schema: JsonSchema, name: string): number {
  const isInteger = schema.type === 'integer';
  const preferred = /version/i.test(name)
    ? 3
    : /cents/i.test(name)
      ? 12_500
      : /amount|price|total/i.test(name)
        ? 125.5
        : /days/i.test(name)
          ? 30
          : 1;
  const exclusiveBump = schema.exclusiveMinimum === true ? (isInteger ? 1 : 0.01) : 0;
  const low = (schema.minimum ?? -Infinity) + exclusiveBump;
  let value = Math.min(Math.max(preferred, low), schema.maximum ?? Infinity);
  if (isInteger) value = Math.ceil(value);
  if (schema.multipleOf) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return value;
}

/**
 * An example value for a schema, built from its types, formats, enums and property names (a
 * date for a date, a uuid for an id, an amount for an amount). Optional properties are shown only
 * when an object has no required ones. Undefined when nothing valid can be made (e.g. a pattern
 * no sample matches): the caller then leaves the example out rather than publish a wrong one.
 */
export function exampleFor(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema || schema.$ref) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum.find((value) => value !== null);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    for (const branch of branches) {
      const value = exampleFor(branch, name);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => exampleFor(part, name));
    if (parts.some((part) => part === undefined)) return undefined;
    return Object.assign({}, ...parts);
  }
  switch (schema.type) {
    case 'string':
      return exampleString(schema, name);
    case 'integer':
    case 'number':
      return exampleNumber(schema, name);
    case 'boolean':
      return true;
    case 'array': {
      const item = exampleFor(schema.items, singularName(name));
      if (item === undefined) return (schema.minItems ?? 0) === 0 ? [] : undefined;
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'object':
    case undefined: {
      if (!schema.properties) return schema.type === 'object' ? {} : undefined;
      const required = new Set(schema.required ?? []);
      const shown = Object.keys(schema.properties).filter(
        (key) => required.size === 0 || required.has(key),
      );
      const result: Record<string, unknown> = {};
      for (const key of shown) {
        const value = exampleFor(schema.properties[key], key);
        if (value === undefined) {
          if (required.has(key)) return undefined;
          continue;
        }
        result[key] = value;
      }
      return result;
    }
    default:
      return undefined;
  }
}

function singularName(name: string): string {
  return name.endsWith('Ids') ? name.slice(0, -1) : name;
}
