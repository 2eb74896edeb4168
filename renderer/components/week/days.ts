// Days and weeks in words, for the week view: "Mon 10 Mar", "10 – 16 Mar 2025". English, as the
// rest of the window; computed in UTC from the YYYY-MM-DD so no time zone shifts a day.

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const parts = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
};

/** "Monday 10 Mar" */
export function dayLabel(date: string): string {
  const { m, d, weekday } = parts(date);
  return `${WEEKDAYS[weekday]} ${d} ${MONTHS[m - 1]}`;
}

/** "10 – 16 Mar 2025", "31 Mar – 6 Apr 2025", "29 Dec 2025 – 4 Jan 2026" */
export function weekLabel(start: string, end: string): string {
  const a = parts(start);
  const b = parts(end);
  const last = `${b.d} ${MONTHS[b.m - 1]} ${b.y}`;
  if (a.y !== b.y) return `${a.d} ${MONTHS[a.m - 1]} ${a.y} – ${last}`;
  if (a.m !== b.m) return `${a.d} ${MONTHS[a.m - 1]} – ${last}`;
  return `${a.d} – ${last}`;
}
