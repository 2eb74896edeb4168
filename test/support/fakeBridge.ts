// A bridge for component tests: every handler a mock that answers ok(null) unless the test gives
// it another answer; the snapshot and UI-command feeds are silent.
import { type Mock, vi } from 'vitest';
import { channels, type Channel, type Handlers, type StintBridge } from '../../common/contract';
import { ok } from '../../common/result';

export type FakeBridge = StintBridge & { [C in Channel]: Mock<Handlers[C]> };

export function fakeBridge(answers: Partial<Handlers> = {}): FakeBridge {
  const handlers = Object.fromEntries(
    channels.map((channel) => [channel, vi.fn(answers[channel] ?? (async () => ok(null)))]),
  ) as unknown as { [C in Channel]: Mock<Handlers[C]> };
  return { ...handlers, onSnapshot: () => () => {}, onUiCommand: () => () => {} };
}
