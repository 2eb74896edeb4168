// The tray's "This week" item: main shows the window and asks the page (UiCommand 'show-week')
// to go to the week view, this week.

import { useEffect } from 'preact/hooks';
import type { StintBridge } from '../../../common/contract';

export function useShowWeekCommand(bridge: StintBridge): void {
  useEffect(
    () =>
      bridge.onUiCommand((command) => {
        if (command !== 'show-week') return;
        void bridge.showWeek({ weekOf: null });
        location.hash = '#week';
      }),
    [bridge],
  );
}
