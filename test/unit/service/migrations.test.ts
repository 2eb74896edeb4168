import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, migrations, type Migration } from '../../../service/storage/migrations';

describe('migrations', () => {
  it('brings an empty database to the latest version and does nothing the second time', () => {
    const db = new Database(':memory:');
    expect(migrate(db)).toEqual({ from: 0, to: migrations.length });
    expect(migrate(db)).toEqual({ from: migrations.length, to: migrations.length });
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
  });

  it('rolls a failing migration back entirely and keeps the earlier version', () => {
    const db = new Database(':memory:');
    const list: Migration[] = [
      (d) => d.exec('CREATE TABLE a (x)'),
      (d) => {
        d.exec('CREATE TABLE b (x)');
        throw new Error('boom');
      },
    ];
    expect(() => migrate(db, list)).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all()).toEqual(['a']);
  });

  it('refuses a database newer than the migrations it knows', () => {
    const db = new Database(':memory:');
    db.pragma('user_version = 5');
    expect(() => migrate(db, [])).toThrow(/newer/);
  });
});
