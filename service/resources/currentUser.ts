// GET/PUT /v2/current_user, its entries and its expenses (spec 001 "Current user").
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/authenticate';
import type { Context } from '../context';
import { instant } from '../context';
import { countUserExpenses } from '../domain/expenses';
import { countUserEntries, getUser, type UserChanges } from '../domain/users';
import { updateUser } from '../domain/users';
import { bodyOf, LIMITS } from '../http/fields';
import * as view from '../views/tracking';
import { sendEntryList, within } from './entryList';
import { sendExpenseList } from './expenseList';

/** What PUT /v2/current_user takes (spec 001), in both spellings of the report settings. */
const CURRENT_USER_INPUT = [
  'first_name',
  'last_name',
  'time_format',
  'week_start',
  'send_personal_weekly_report',
  'send_personal_weekly_report_email',
  'send_team_weekly_report',
  'send_team_weekly_report_email',
] as const;

export function currentUserRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  // The view counts no expenses of its own: they live in another area's table.
  const show = async (accountId: number, userId: number, base: string) => ({
    ...view.currentUser(base, (await getUser(db, accountId, userId))!, await countUserEntries(db, userId)),
    expenses: await countUserExpenses(db, userId),
  });

  app.get('/v2/current_user', async (request) => {
    const actor = actorOf(request);
    return await show(actor.accountId, actor.userId, context.base(request));
  });

  // The current user's own entries, narrowed like any list to what the role sees (a contractor's
  // entries in projects no longer given them drop out).
  app.get('/v2/current_user/entries', async (request, reply) => {
    const actor = actorOf(request);
    return await sendEntryList(context, request, reply, {
      narrow: (filters) => ({
        ...filters,
        user_ids: within(filters.user_ids, [actor.userId]),
      }),
    });
  });

  app.get('/v2/current_user/expenses', async (request, reply) => {
    const actor = actorOf(request);
    return await sendExpenseList(context, request, reply, (filters) => ({
      ...filters,
      user_ids: within(filters.user_ids, [actor.userId]),
    }));
  });

  app.put('/v2/current_user', async (request) => {
    const actor = actorOf(request);
    const f = bodyOf(request.body, 'User');
    // Anything else (role, state, email, a name the spec does not list) is a field this user may
    // not use here: spec 000's code for it, insufficent_permissions, as a 400 (GAPS.md "Errors"),
    // so a client learns its change was not made instead of reading a 200 that ignored it.
    f.onlyThese(CURRENT_USER_INPUT, 'insufficent_permissions');
    const changes: UserChanges = {};
    // The spec writes "first name" with a space; the underscore form is what clients send.
    const firstName = f.text('first_name', { max: LIMITS.name });
    const lastName = f.text('last_name', { max: LIMITS.name });
    if (firstName !== undefined) changes.first_name = firstName;
    if (lastName !== undefined) changes.last_name = lastName;
    const timeFormat = f.oneOf('time_format', ['fraction', 'hours_minutes'] as const);
    if (timeFormat) changes.time_format = timeFormat;
    // Output capitalises the day; input takes either case.
    const weekStart = f.text('week_start', { max: 10 })?.toLowerCase();
    if (weekStart === 'sunday' || weekStart === 'monday') changes.week_start = weekStart;
    else if (weekStart !== undefined) f.fail('week_start');
    // The spec's input names lack the _email suffix of the output; both are accepted.
    const personal = f.boolean(
      f.has('send_personal_weekly_report') ? 'send_personal_weekly_report' : 'send_personal_weekly_report_email',
    );
    if (personal !== undefined) changes.send_personal_weekly_report_email = personal ? 1 : 0;
    const team = f.boolean(
      f.has('send_team_weekly_report') ? 'send_team_weekly_report' : 'send_team_weekly_report_email',
    );
    // Ignored for users who are not admins (spec 001).
    if (team !== undefined && (actor.role === 'owner' || actor.role === 'supervisor'))
      changes.send_team_weekly_report_email = team ? 1 : 0;
    f.check();
    // One UPDATE of one's own row, of fields no rule counts: two at once end as one after the other.
    await db.transaction(async (tx) => await updateUser(tx, actor.userId, changes, instant(context).iso));
    return await show(actor.accountId, actor.userId, context.base(request));
  });
}
