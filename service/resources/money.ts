// The money and event resources in one registration, so app.ts names this area once: entry
// approval and invoicing actions, expenses, invoices, webhooks and broadcast receivers.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { entryActionRoutes } from './entryActions';
import { expenseRoutes } from './expenses';
import { invoiceRoutes } from './invoices';
import { broadcastReceiverRoutes, webhookRoutes } from './subscriptions';

export function moneyRoutes(app: FastifyInstance, context: Context): void {
  entryActionRoutes(app, context);
  expenseRoutes(app, context);
  invoiceRoutes(app, context);
  webhookRoutes(app, context);
  broadcastReceiverRoutes(app, context);
}
