// One connection to a D-Bus bus (dbus-next, pure JS), asked method calls that may go unanswered: a
// desktop without the service, a bus that is not there, or a service that hangs all answer null,
// so the caller tries its next source instead of failing.

import dbus from 'dbus-next';

/** How long a call may take: a sample is due every 15 s, and a hung service must not stall it. */
const CALL_TIMEOUT_MS = 2_000;

export interface DesktopBus {
  /** The reply's body, or null when the call was not answered (no such service, an error, a timeout). */
  call(
    to: { destination: string; path: string; interface: string; member: string },
    signature?: string,
    body?: unknown[],
  ): Promise<unknown[] | null>;
  /** A property's value (the variant unwrapped), or null when it was not answered. */
  property(to: { destination: string; path: string; interface: string }, name: string): Promise<unknown>;
  close(): void;
}

/**
 * `kind`: the session bus (the desktop's services) or the system bus (logind). `address`: a bus to
 * use instead of the environment's (tests give a private session bus for both).
 */
export function openBus(kind: 'session' | 'system', address?: string): DesktopBus {
  let broken = false;
  let bus: dbus.MessageBus | null = null;
  try {
    bus =
      address !== undefined
        ? dbus.sessionBus({ busAddress: address })
        : kind === 'session'
          ? dbus.sessionBus()
          : dbus.systemBus();
    // Without a listener, a bus that cannot be reached would end the process.
    bus.on('error', () => {
      broken = true;
    });
  } catch {
    broken = true;
  }
  const call: DesktopBus['call'] = async (to, signature, body) => {
    if (!bus || broken) return null;
    const message = new dbus.Message({ ...to, signature: signature ?? '', body: body ?? [] });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), CALL_TIMEOUT_MS);
    });
    try {
      const reply = await Promise.race([bus.call(message), timeout]);
      return reply ? reply.body : null;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    call,
    async property(to, name) {
      const body = await call(
        { destination: to.destination, path: to.path, interface: 'org.freedesktop.DBus.Properties', member: 'Get' },
        'ss',
        [to.interface, name],
      );
      const variant = body?.[0];
      return variant instanceof dbus.Variant ? variant.value : null;
    },
    close() {
      bus?.disconnect();
      bus = null;
    },
  };
}
