// The routes of projects and tags added for the full v2 API (issue 3), registered together so
// app.ts names the area once: project merge and bulk actions, project groups, tag actions.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { projectActionRoutes } from './projectActions';
import { projectGroupRoutes } from './projectGroups';
import { tagActionRoutes } from './tagActions';

export function projectAndTagRoutes(app: FastifyInstance, context: Context): void {
  projectActionRoutes(app, context);
  projectGroupRoutes(app, context);
  tagActionRoutes(app, context);
}
