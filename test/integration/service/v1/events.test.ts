// Entry events of v1 writes (GAPS.md "Webhooks and broadcasts": entry create, update, delete emit
// entry.created, entry.updated, entry.deleted), the same as v2's writes emit.
import { describe, expect, it } from 'vitest';
import { onEntryEvent, type EntryEvent } from '../../../../service/events/emit';
import { createWebhook, deliveryService, startReceiver } from '../support/deliverySupport';
import { idOf, V1 } from '../support/v1Support';

describe('v1 entry events', () => {
  it('create, update, delete and import emit their events; a refused write emits none', async () => {
    const s = await deliveryService();
    const events: EntryEvent[] = [];
    onEntryEvent(s.built.db, (e) => events.push(e));
    const v1 = V1.of(s.client);
    const made = await v1.json('POST', '/api/entries.json', {
      entry: { minutes: '30', date: '2024-03-04', description: 'meeting' },
    });
    const id = idOf(made);
    await v1.xml('PUT', `/api/entries/${id}.xml`, '<entry><minutes>45</minutes></entry>');
    await v1.json('PUT', `/api/entries/${id}.json`, { entry: {} }); // changes nothing: no event
    expect(
      (await v1.json('POST', '/api/entries.json', { entry: { minutes: 'soon', date: '2024-03-04' } })).status,
    ).toBe(422);
    await v1.json('DELETE', `/api/entries/${id}.json`);
    const imported = await v1.json('POST', '/api/entries/import.json', {
      entries: [
        { minutes: '1', date: '2024-03-05' },
        { minutes: '2', date: '2024-03-05' },
      ],
    });
    expect(events.map((e) => [e.type, e.entryId, e.changes])).toEqual([
      ['entry.created', id, {}],
      ['entry.updated', id, { minutes: [30, 45] }],
      ['entry.deleted', id, {}],
      ['entry.created', imported.body[0].entry.id, {}],
      ['entry.created', imported.body[1].entry.id, {}],
    ]);
  });

  it('a webhook receives the v1 entry as v2 shows it', async () => {
    const s = await deliveryService();
    const receiver = await startReceiver(s.clock);
    await createWebhook(s.client, `${receiver.url}/h`, ['entry.created']);
    const made = await V1.of(s.client).json('POST', '/api/entries.json', {
      entry: { minutes: '1:15', date: '2024-03-04', description: 'client call, Planned the launch' },
    });
    const [, created] = await receiver.waitFor(2);
    expect(created!.body.type).toBe('entry.created');
    expect(created!.body.object).toMatchObject({
      id: idOf(made),
      minutes: 75,
      description: 'client call, Planned the launch',
    });
    expect(created!.body.object.tags.map((t: any) => t.name)).toEqual(['client call']);
  });
});
