// The routes of people and permissions, registered together: users, teams, and the endpoints
// the spec lists as not yet implemented.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { notImplementedRoutes } from './notImplemented';
import { teamRoutes } from './teams';
import { userRoutes } from './users';

export function peopleRoutes(app: FastifyInstance, context: Context): void {
  userRoutes(app, context);
  teamRoutes(app, context);
  notImplementedRoutes(app);
}
