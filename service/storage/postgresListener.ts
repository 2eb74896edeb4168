// LISTEN on a PostgreSQL channel (store.ts's optional `listen`): one connection of its own per
// channel, outside the pool (a pooled connection is shared between transactions, and LISTEN
// belongs to a session). NOTIFY is transactional: a notification sent inside a transaction
// reaches the listeners only when it commits, so what wakes on it sees the committed rows.
//
// A dropped connection (server restart, failover) is opened again after a pause; what was
// notified meanwhile is lost, which is why every listener keeps a poll beside it.
import pg from 'pg';

const RECONNECT_MS = 1000;

/** Only names written in this code base (letters, digits, `_`): LISTEN takes no parameter. */
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export async function listenOn(
  connection: pg.ClientConfig,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const open = async (): Promise<void> => {
    const next = new pg.Client(connection);
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(reopen, RECONNECT_MS).unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    // Whatever was notified while no connection listened: look once.
    onNotify();
  };
  const reopen = () => {
    retry = undefined;
    if (stopped) return;
    open().catch(() => {
      if (client) client.emit('error', new Error('LISTEN failed'));
      else if (!stopped) retry = setTimeout(reopen, RECONNECT_MS).unref();
    });
  };

  // A first connection that fails is retried like a lost one: the poll covers the gap.
  await open().catch(() => client?.emit('error', new Error('LISTEN failed')));
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}
