// The permissions string of a v1 user (spec 002 "User": a comma-separated subset of integration,
// time, invoicing, reports, tags, expenses, projects, team, people, account, billing, import),
// from the v2 role by GAPS.md "Roles (decided)": owner = account owner, supervisor =
// administrator, leader and coworker = other non-freelancer roles, contractor = freelancer.
//
// Decided, from what each role may do in auth/permissions.ts: everyone uses the API
// (integration) and logs time and expenses; who sees others' entries also gets reports; who
// manages projects gets projects and tags; invoicing for who makes invoices; team and people for
// who manages users; import for every role but freelancers (spec 002, POST /api/entries/import);
// account and billing for the owner alone.
import type { Role } from '../auth/permissions';

const ALL = [
  'integration',
  'time',
  'invoicing',
  'reports',
  'tags',
  'expenses',
  'projects',
  'team',
  'people',
  'account',
  'billing',
  'import',
] as const;

const BY_ROLE: Record<Role, ReadonlyArray<(typeof ALL)[number]>> = {
  owner: ALL,
  supervisor: [
    'integration',
    'time',
    'invoicing',
    'reports',
    'tags',
    'expenses',
    'projects',
    'team',
    'people',
    'import',
  ],
  leader: ['integration', 'time', 'reports', 'tags', 'expenses', 'projects', 'import'],
  coworker: ['integration', 'time', 'expenses', 'import'],
  contractor: ['integration', 'time', 'expenses'],
};

export function permissionsOf(role: string): string {
  return (BY_ROLE[role as Role] ?? ['integration', 'time']).join(',');
}
