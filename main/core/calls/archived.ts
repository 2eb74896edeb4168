// main's refusal of time on an archived project, the same words wherever a call names one.

import { isolated } from '../../../common/bidi';
import { refuse, said } from '../../../common/refusal';
import type { Result } from '../../../common/result';

/** "Website is archived.", at the request's field that named it. */
export const archived = (name: string, field: string): Result<never> =>
  refuse('invalid_input', said('refusals.projectArchived', { name: isolated(name) }), `${name} is archived.`, field);
