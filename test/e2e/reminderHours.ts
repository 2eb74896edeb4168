// Working hours that hold right now, for the end-to-end tests of the reminder on the real clock:
// every day, 00:00–23:59, reminding as soon as a timer stops (no quiet minutes to wait out).
// Within two minutes of midnight the test first waits for the new day, so the hours still hold
// while it runs.

export const ALL_DAY = { days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '23:59', afterMinutes: 0 };

export async function outsideMidnight(): Promise<void> {
  const now = new Date();
  if (now.getHours() < 23 || now.getMinutes() < 58) return;
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 5).getTime();
  await new Promise((resolve) => setTimeout(resolve, tomorrow - now.getTime()));
}
