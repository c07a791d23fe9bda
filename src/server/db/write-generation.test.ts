import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReadOnly, ReadCache, trackWrites, type WriteGeneration } from './write-generation';

describe('isReadOnly', () => {
  it('takes only plain SELECTs for reads', () => {
    expect(isReadOnly('select "id" from "sessions" where "token_hash" = $1 limit $2')).toBe(true);
    expect(isReadOnly('  SELECT count(*) FROM users')).toBe(true);
    for (const text of [
      'insert into t values (1)',
      'update t set a = 1',
      'delete from t',
      'with x as (delete from t returning *) select * from x',
      'select * from t for update skip locked',
      'select * from t for share',
      "select nextval('t_id_seq')",
      "select set_config('a.b', 'c', false)",
      'select pg_advisory_lock(1)',
      "select pg_notify('c', 'x')",
      'select * into t2 from t',
      'SET LOCAL enable_bitmapscan = off',
      'begin',
    ]) {
      expect(isReadOnly(text), text).toBe(false);
    }
  });
});

describe('trackWrites on a real PGlite', () => {
  let client: PGlite;
  let writes: WriteGeneration;
  beforeAll(async () => {
    client = await PGlite.create();
    writes = trackWrites(client);
    await client.exec('create table t (id serial primary key, a int)');
  });
  afterAll(async () => {
    await client.close();
  });

  it('stays the same across reads and moves on every kind of write', async () => {
    const start = writes.current();
    await client.query('select * from t');
    await client.query('select count(*) from t where a = $1', [1]);
    expect(writes.current()).toBe(start);

    await client.query('insert into t (a) values ($1)', [1]);
    const afterInsert = writes.current();
    expect(afterInsert).toBeGreaterThan(start);

    await client.exec('update t set a = 2');
    const afterExec = writes.current();
    expect(afterExec).toBeGreaterThan(afterInsert);

    await client.transaction(async (tx) => {
      await tx.query('select * from t');
      await tx.query('delete from t');
    });
    expect(writes.current()).toBeGreaterThan(afterExec);
    expect((await client.query('select * from t')).rows).toEqual([]);
  });

  it('has moved on, once a write ends, for a read that was sent while the write was queued', async () => {
    const write = client.query('insert into t (a) values (3)');
    const seenByRead = writes.current();
    const read = client.query<{ a: number }>('select a from t');
    await Promise.all([write, read]);
    expect(writes.current()).not.toBe(seenByRead);
  });

  it('never shows a number that another database showed', async () => {
    const other = await PGlite.create();
    try {
      const seen = writes.current();
      const otherWrites = trackWrites(other);
      expect(otherWrites.current()).not.toBe(seen);
      await other.query('create table o (a int)');
      expect(otherWrites.current()).not.toBe(seen);
      expect(writes.current()).toBe(seen);
    } finally {
      await other.close();
    }
  });

  it('counts a write that fails', async () => {
    const before = writes.current();
    await expect(client.query('insert into missing values (1)')).rejects.toThrow();
    expect(writes.current()).toBeGreaterThan(before);
  });
});

describe('ReadCache', () => {
  let client: PGlite;
  let writes: WriteGeneration;
  beforeAll(async () => {
    client = await PGlite.create();
    writes = trackWrites(client);
    await client.exec('create table r (a int)');
  });
  afterAll(async () => {
    await client.close();
  });

  it('answers from the database again after any write, and hands out one frozen answer', async () => {
    const cache = new ReadCache<number[]>(10);
    let reads = 0;
    const read = async () => {
      reads++;
      return (await client.query<{ a: number }>('select a from r order by a')).rows.map((row) => row.a);
    };
    expect(await cache.read(writes, 'k', read)).toEqual([]);
    await client.query('insert into r values (1)');
    const [first, second] = await Promise.all([cache.read(writes, 'k', read), cache.read(writes, 'k', read)]);
    expect(first).toEqual([1]);
    expect(reads).toBe(2);
    expect(second).toBe(first);
    expect(() => first.push(99)).toThrow(TypeError);
    expect(second).toEqual([1]);
    expect(await cache.read(writes, 'k', read)).toEqual([1]);
    expect(reads).toBe(2);
    await client.transaction(async (tx) => {
      await tx.query('insert into r values (2)');
    });
    expect(await cache.read(writes, 'k', read)).toEqual([1, 2]);
    expect(reads).toBe(3);
  });

  it('freezes nested rows too', async () => {
    const cache = new ReadCache<{ list: { name: string }[] }>(2);
    const answer = await cache.read(writes, 'nested', async () => ({ list: [{ name: 'Ada' }] }));
    expect(() => {
      answer.list[0]!.name = 'Bob';
    }).toThrow(TypeError);
    expect((await cache.read(writes, 'nested', async () => ({ list: [] }))).list[0]!.name).toBe('Ada');
  });

  it('keeps no failed read, and stays within its limit', async () => {
    const cache = new ReadCache<number>(2);
    await expect(cache.read(writes, 'x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read(writes, 'x', async () => 1)).toBe(1);
    expect(await cache.read(writes, 'y', async () => 2)).toBe(2);
    expect(await cache.read(writes, 'z', async () => 3)).toBe(3);
    expect(await cache.read(writes, 'x', async () => 4)).toBe(4);
  });
});
