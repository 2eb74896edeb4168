// Seeds a local service database with a realistic account for the data benchmarks: a few users,
// 60 projects (some unbillable), 40 tags, and N entries spread over three years, written through
// the domain layer (rounding, #hashtag links) in one transaction.
import { insertEntry } from '../service/domain/entries';
import { insertProject } from '../service/domain/projects';
import type { Store } from '../service/storage/store';

const WORDS = [
  'Fixed',
  'Reviewed',
  'Planned',
  'Wrote',
  'Tested',
  'Deployed',
  'Discussed',
  'Designed',
  'Refactored',
  'Documented',
];
const THINGS = [
  'the login form',
  'invoice export',
  'API pagination',
  'the release notes',
  'database indexes',
  'the onboarding flow',
  'tray menu',
  'sync engine',
];

/** A deterministic pseudo-random sequence, so every run seeds the same data. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function seedAccount(
  db: Store,
  ownerId: number,
  entries: number,
): Promise<{ userIds: number[]; projectIds: number[] }> {
  const rand = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const now = '2024-03-04T09:00:00Z';
  return await db.transaction(async (tx) => {
    const { account_id: accountId } = (await tx.get<{ account_id: number }>(
      'SELECT account_id FROM users WHERE id = ?',
      ownerId,
    ))!;
    const userIds = [ownerId];
    for (let i = 1; i <= 4; i++) {
      const info = await tx.get<{ id: number }>(
        `INSERT INTO users (account_id, email, first_name, last_name, role, created_at, updated_at) VALUES (?, ?, ?, ?, 'coworker', ?, ?) RETURNING id`,
        accountId,
        `user${i}@example.test`,
        `First${i}`,
        `Last${i}`,
        now,
        now,
      );
      userIds.push(info!.id);
    }
    const projectIds: number[] = [];
    for (let i = 1; i <= 60; i++) {
      const p = await insertProject(
        tx,
        accountId,
        { name: `Project ${i}`, billable: i % 7 !== 0, billing_increment: [1, 5, 15][i % 3]!, color: '#3366cc' },
        now,
      );
      projectIds.push(p.id);
    }
    const tags = Array.from({ length: 40 }, (_, i) => (i % 10 === 9 ? `tag${i}*` : `tag${i}`));
    const start = Date.parse('2021-03-01T00:00:00Z');
    for (let i = 0; i < entries; i++) {
      const date = new Date(start + Math.floor((i / entries) * 3 * 365) * 86_400_000).toISOString().slice(0, 10);
      const tagCount = Math.floor(rand() * 3);
      const mentions = Array.from({ length: tagCount }, () => `#${pick(tags)}`).join(' ');
      await insertEntry(
        tx,
        accountId,
        {
          userId: pick(userIds),
          projectId: rand() < 0.95 ? pick(projectIds) : null,
          date,
          minutes: 5 + Math.floor(rand() * 240),
          description: `${pick(WORDS)} ${pick(THINGS)} ${mentions}`.trim(),
          sourceUrl: rand() < 0.2 ? `https://example.test/issues/${i}` : null,
        },
        now,
      );
    }
    return { userIds, projectIds };
  });
}
