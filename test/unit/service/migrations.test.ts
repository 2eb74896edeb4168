import { describe, expect, it } from 'vitest';
import { column, pragma } from '../../../service/storage/db';
import { nodeSqlite } from '../../../service/storage/driver';
import { migrate, migrations, type Migration } from '../../../service/storage/migrations';

describe('migrations', () => {
  it('brings an empty database to the latest version and does nothing the second time', () => {
    const db = nodeSqlite.open(':memory:');
    expect(migrate(db)).toEqual({ from: 0, to: migrations.length });
    expect(migrate(db)).toEqual({ from: migrations.length, to: migrations.length });
    expect(pragma(db, 'user_version')).toBe(migrations.length);
  });

  it('rolls a failing migration back entirely and keeps the earlier version', () => {
    const db = nodeSqlite.open(':memory:');
    const list: Migration[] = [
      (d) => d.exec('CREATE TABLE a (x)'),
      (d) => {
        d.exec('CREATE TABLE b (x)');
        throw new Error('boom');
      },
    ];
    expect(() => migrate(db, list)).toThrow('boom');
    expect(pragma(db, 'user_version')).toBe(1);
    expect(column(db, `SELECT name FROM sqlite_master WHERE type = 'table'`).all()).toEqual(['a']);
  });

  it('refuses a database newer than the migrations it knows', () => {
    const db = nodeSqlite.open(':memory:');
    db.exec('PRAGMA user_version = 5');
    expect(() => migrate(db, [])).toThrow(/newer/);
  });
});
