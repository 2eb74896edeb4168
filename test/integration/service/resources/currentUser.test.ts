// GET/PUT /v2/current_user (spec 001 "Current user"; shape of wire/serviceTypes.ts CurrentUser).
import { describe, expect, it } from 'vitest';
import { PERSON_KEYS } from '../support/peopleSupport';
import { createEntry, serve } from '../support/support';

const KEYS = [
  ...PERSON_KEYS,
  'time_format',
  'week_start',
  'utc_offset',
  'send_personal_weekly_report_email',
  'send_team_weekly_report_email',
];

describe('current user', () => {
  it('shows the owner created on first start, with the CurrentUser fields and nothing else', async () => {
    const { service, client } = await serve({ ownerEmail: 'ada@example.com' });
    const me = (await client.get('/v2/current_user')).body;
    expect(Object.keys(me).sort()).toEqual([...KEYS].sort());
    expect(me).toMatchObject({
      id: service.ownerId,
      email: 'ada@example.com',
      role: 'owner',
      state: 'active',
      entries: 0,
      expenses: 0,
      week_start: 'Monday',
      url: `${service.url}/v2/users/${service.ownerId}`,
      entries_url: `${service.url}/v2/current_user/entries`,
      created_at: '2024-03-04T09:00:00Z',
    });
  });

  it('defaults the owner e-mail to me@stint.local', async () => {
    const { client } = await serve();
    expect((await client.get('/v2/current_user')).body.email).toBe('me@stint.local');
  });

  it('changes names, time format, week start and report settings, and shows the week start capitalised', async () => {
    const { client, clock } = await serve();
    clock.advance(60_000);
    const reply = await client.put('/v2/current_user', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      time_format: 'fraction',
      week_start: 'sunday',
      send_personal_weekly_report: true,
      send_team_weekly_report: true,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      time_format: 'fraction',
      week_start: 'Sunday',
      send_personal_weekly_report_email: true,
      send_team_weekly_report_email: true,
      updated_at: '2024-03-04T09:01:00Z',
    });
    expect((await client.get('/v2/current_user')).body.week_start).toBe('Sunday');
  });

  it('clears a name sent blank and leaves fields not sent as they were', async () => {
    const { client } = await serve();
    await client.put('/v2/current_user', { first_name: 'Ada', last_name: 'Lovelace' });
    const reply = await client.put('/v2/current_user', { first_name: '' });
    expect(reply.body.first_name).toBeNull();
    expect(reply.body.last_name).toBe('Lovelace');
  });

  it('refuses unknown values with 400 and changes nothing', async () => {
    const { client } = await serve();
    const reply = await client.put('/v2/current_user', {
      first_name: 'Changed',
      time_format: 'decimal',
      week_start: 'friday',
      send_personal_weekly_report: 'yes',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors.map((e: any) => e.field).sort()).toEqual([
      'send_personal_weekly_report',
      'time_format',
      'week_start',
    ]);
    expect((await client.get('/v2/current_user')).body.first_name).toBeNull();
  });

  it('refuses a field it does not take (role, state, email, unknown) with 400 insufficent_permissions and changes nothing', async () => {
    const { client } = await serve();
    const reply = await client.put('/v2/current_user', {
      first_name: 'Changed',
      role: 'coworker',
      state: 'disabled',
      email: 'other@example.com',
      nickname: 'Ada',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual(
      ['role', 'state', 'email', 'nickname'].map((field) => ({
        resource: 'User',
        field,
        code: 'insufficent_permissions',
      })),
    );
    const me = (await client.get('/v2/current_user')).body;
    expect(me).toMatchObject({ first_name: null, role: 'owner', state: 'active', email: 'me@stint.local' });
    // A role alone, sent as it already is, is refused too: the field is not this endpoint's.
    expect((await client.put('/v2/current_user', { role: 'owner' })).status).toBe(400);
  });

  it('counts the entries of the user', async () => {
    const { client } = await serve();
    await createEntry(client, {});
    await createEntry(client, {});
    expect((await client.get('/v2/current_user')).body.entries).toBe(2);
  });
});
