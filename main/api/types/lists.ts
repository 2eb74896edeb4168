// Query filters shared by many lists: "the entry list filters" and "the expense list filters" of
// spec 001 apply to every list of entries or expenses (of a project, a user, a team, ...).
import type { EntryFilters as SpecEntryFilters } from '../../../wire/serviceTypes';
import type { ExpenseFilters as ServiceExpenseFilters } from '../../../wire/serviceTypesMoney';

/** Any list's filters plus the page size the client asks for (up to 1000, spec 000 convention 9). */
export type Paged<T> = T & { per_page?: number };

/** The spec's entry filters plus the page size the client asks for. */
export type EntryFilters = Paged<SpecEntryFilters>;

/**
 * common/'s filter types are the service's reading of the query, with money in cents
 * (`<name>_cents`); on the wire the same filters are decimals named `<name>` (spec 001).
 */
export type WireMoney<T, K extends string> = Omit<T, `${K}_cents`> & { [P in K]?: number };

/** The expense list filters as the query string names them: price_from and price_to inclusive. */
export type ExpenseFilters = Paged<WireMoney<ServiceExpenseFilters, 'price_from' | 'price_to'>>;

/** The answer of an action the service does in the background (202, spec 000 convention 10). */
export interface Accepted {
  message: string;
}
