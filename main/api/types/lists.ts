// Query filters shared by many lists: "the entry list filters" and "the expense list filters" of
// spec 001 apply to every list of entries or expenses (of a project, a user, a team, ...).
import type { EntryFilters as SpecEntryFilters } from '../../../common/serviceTypes';
import type { ExpenseFilters as ServiceExpenseFilters } from '../../../common/serviceTypesMoney';

/** Any list's filters plus the page size the client asks for (up to 1000, spec 000 convention 9). */
export type Paged<T> = T & { per_page?: number };

/** The spec's entry filters plus the page size the client asks for. */
export type EntryFilters = Paged<SpecEntryFilters>;

/**
 * The expense list filters as the query string names them (spec 001): price_from and price_to are
 * decimals, inclusive. (common/'s ExpenseFilters is the service's reading of them, in cents.)
 */
export type ExpenseFilters = Paged<
  Omit<ServiceExpenseFilters, 'price_from_cents' | 'price_to_cents'> & {
    price_from?: number;
    price_to?: number;
  }
>;

/** The answer of an action the service does in the background (202, spec 000 convention 10). */
export interface Accepted {
  message: string;
}
