// The legacy v1 API (spec 002) client: createLegacyApi and its types.
export { createLegacyApi, type LegacyApiOptions } from './client';
export type * from './types';
