// Columns that many tables of the schema have alike, described once (schemaDescription.ts).
import { type Column, required } from './schemaDescription';

/** The account a row belongs to: the column after `id` of each table of an account's own things. */
export const accountId: Column = required('account_id', 'integer', { references: 'accounts' });

/** When a row was made and last changed: the last two columns of most tables. */
export const timestamps: readonly Column[] = [required('created_at', 'timestamp'), required('updated_at', 'timestamp')];
