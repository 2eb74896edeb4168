import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';

describe('test users of other roles', () => {
  it('authenticate with their own token and are who the service says they are', async () => {
    const team = await serveTeam();
    const coworker = await team.member('coworker', { first_name: 'Cora' });
    const reply = await coworker.client.get('/v2/current_user');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: coworker.id, email: coworker.email, role: 'coworker', first_name: 'Cora' });
    expect((await team.client.get('/v2/current_user')).body.role).toBe('owner');
  });
});
