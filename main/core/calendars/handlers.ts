// The contract's calendar calls, answered by the app's calendars (calendars.ts) whichever account
// is open; where the app has none (a lone core in tests), they say so.

import type { Handlers } from '../../../common/contract';
import { fail } from '../../../common/result';
import type { Calendars } from './calendars';

type CalendarChannel = 'addCalendar' | 'removeCalendar' | 'refreshCalendars' | 'dismissCalendarEvent';

export function calendarHandlers(calendars: Calendars | undefined): Pick<Handlers, CalendarChannel> {
  const none = async () => fail('internal', 'Calendars are not available here.');
  if (!calendars)
    return { addCalendar: none, removeCalendar: none, refreshCalendars: none, dismissCalendarEvent: none };
  return {
    addCalendar: (request) => calendars.add(request),
    removeCalendar: ({ id }) => calendars.remove(id),
    refreshCalendars: () => calendars.refresh(),
    dismissCalendarEvent: async ({ key }) => calendars.dismiss(key),
  };
}
