// Response schemas of the hottest answers. fastify compiles them with fast-json-stringify, which
// writes a known shape several times faster than JSON.stringify; they list exactly the fields of
// wire/serviceTypes.ts (a field missing here would be dropped from the answer, and the tests
// compare every key).
const string = { type: 'string' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;

const object = (properties: Record<string, unknown>) =>
  ({ type: 'object', properties, required: Object.keys(properties) }) as const;

export const userRefSchema = object({
  id: integer,
  email: string,
  first_name: nullableString,
  last_name: nullableString,
  profile_image_url: nullableString,
  url: string,
});

export const projectRefSchema = object({
  id: integer,
  name: string,
  billing_increment: integer,
  enabled: boolean,
  billable: boolean,
  color: nullableString,
  url: string,
});

export const timerSchema = object({
  id: integer,
  state: string,
  seconds: integer,
  formatted_time: string,
  date: string,
  description: nullableString,
  user: userRefSchema,
  project: projectRefSchema,
  url: string,
  start_url: string,
  pause_url: string,
  add_or_subtract_time_url: string,
  log_url: string,
});

export const timerListSchema = { type: 'array', items: timerSchema } as const;
