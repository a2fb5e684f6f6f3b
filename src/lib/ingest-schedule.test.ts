import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVE, nextSteps, scheduledFiles, transition, type FileEvent, type FileState } from './ingest-schedule';

/** The queue as the scheduler sees it: files oldest first, each in one state. */
type Files = Map<string, FileState>;

function apply(files: Files, key: string, event: FileEvent): void {
  const state = files.get(key);
  if (state === undefined) return;
  const next = transition(state, event);
  if (next === null) return;
  if (next === 'saved' || next === 'cancelled') files.delete(key);
  else files.set(key, next);
}

/** What the queue does after every change: starts what `nextSteps` says. */
function advance(files: Files): void {
  const { read, embed } = nextSteps([...files].map(([key, state]) => ({ key, state })));
  if (embed) apply(files, embed, { type: 'start-embedding' });
  if (read) apply(files, read, { type: 'start-reading' });
}

const inState = (files: Files, state: FileState) => [...files.values()].filter((s) => s === state).length;
const keyIn = (files: Files, states: FileState[], pick: number) => {
  const keys = [...files].filter(([, s]) => states.includes(s)).map(([key]) => key);
  return keys.length ? keys[pick % keys.length] : undefined;
};

/** One thing that can happen to the queue, from the user, a worker or the browser. */
type Happening =
  | { kind: 'add' | 'written' | 'pause' | 'resume' | 'cancel' | 'retry'; pick: number }
  | { kind: 'read'; pick: number; outcome: 'handed-over' | 'duplicate' | 'failed' | 'password' }
  | { kind: 'embedded'; outcome: 'saved' | 'failed' }
  | { kind: 'crash'; worker: 'reader' | 'engine' }
  | { kind: 'reload' };

const happening: fc.Arbitrary<Happening> = fc.oneof(
  fc.record({ kind: fc.constantFrom('add', 'written', 'pause', 'resume', 'cancel', 'retry'), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('read'),
    pick: fc.nat(),
    outcome: fc.constantFrom('handed-over', 'duplicate', 'failed', 'password'),
  }),
  fc.record({ kind: fc.constant('embedded'), outcome: fc.constantFrom('saved', 'failed') }),
  fc.record({ kind: fc.constant('crash'), worker: fc.constantFrom('reader', 'engine') }),
  fc.record({ kind: fc.constant('reload') }),
) as fc.Arbitrary<Happening>;

let nextKey = 0;

function happen(files: Files, h: Happening): void {
  switch (h.kind) {
    case 'add':
      files.set(`f${nextKey++}`, 'adding');
      return;
    case 'written': {
      const key = keyIn(files, ['adding'], h.pick);
      if (key) apply(files, key, { type: 'queued' });
      return;
    }
    case 'pause': {
      const key = keyIn(files, ['adding', 'waiting', 'reading', 'handed-over', 'embedding'], h.pick);
      if (!key) return;
      // An active file is stopped first; its call then ends, and it is paused.
      if (ACTIVE.has(files.get(key)!)) apply(files, key, { type: 'stopped' });
      else apply(files, key, { type: 'pause' });
      return;
    }
    case 'resume':
    case 'retry':
    case 'cancel': {
      const key = keyIn(files, [...files.values()], h.pick);
      if (key) apply(files, key, { type: h.kind });
      return;
    }
    case 'read': {
      const key = keyIn(files, ['reading'], h.pick);
      if (!key) return;
      const event: FileEvent =
        h.outcome === 'handed-over'
          ? { type: 'handed-over' }
          : h.outcome === 'duplicate'
            ? { type: 'saved' }
            : { type: 'failed', needsPassword: h.outcome === 'password' };
      apply(files, key, event);
      return;
    }
    case 'embedded': {
      const key = keyIn(files, ['embedding'], 0);
      if (key) apply(files, key, h.outcome === 'saved' ? { type: 'saved' } : { type: 'failed' });
      return;
    }
    case 'crash':
      for (const [key, state] of [...files])
        if (state === (h.worker === 'reader' ? 'reading' : 'embedding')) apply(files, key, { type: 'failed' });
      return;
    case 'reload':
      // The next page load adopts every stored file: paused ones stay paused, the rest wait to be read again.
      for (const [key, state] of [...files]) {
        if (state === 'failed') files.delete(key);
        else if (state !== 'paused' && state !== 'needs-password') files.set(key, 'waiting');
      }
  }
}

function expectInvariant(files: Files): void {
  const reading = inState(files, 'reading');
  const handedOver = inState(files, 'handed-over');
  const embedding = inState(files, 'embedding');
  expect(reading).toBeLessThanOrEqual(1);
  expect(handedOver).toBeLessThanOrEqual(1);
  expect(embedding).toBeLessThanOrEqual(1);
  // A waiting file starts whenever the reader is free, and a read file whenever the engine is.
  if (reading === 0 && handedOver === 0) expect(inState(files, 'waiting')).toBe(0);
  if (embedding === 0) expect(handedOver).toBe(0);
  // Nothing more to start: the decision is a fixed point.
  expect(nextSteps([...files].map(([key, state]) => ({ key, state })))).toEqual({});
}

/** Lets every started file finish well; answers how many steps that took. */
function drain(files: Files): void {
  for (let step = 0; step < 1000; step++) {
    const reading = keyIn(files, ['reading'], 0);
    const embedding = keyIn(files, ['embedding'], 0);
    if (!reading && !embedding) return;
    if (embedding) apply(files, embedding, { type: 'saved' });
    if (reading) apply(files, reading, { type: 'handed-over' });
    advance(files);
    expectInvariant(files);
  }
  throw new Error('the queue did not drain');
}

describe('the ingest schedule', () => {
  it('starts a waiting file whenever nothing is running, through any order of add, finish, pause, cancel, crash and reload', () => {
    fc.assert(
      fc.property(fc.array(happening, { minLength: 1, maxLength: 80 }), (happenings) => {
        const files: Files = new Map();
        for (const h of happenings) {
          happen(files, h);
          advance(files);
          expectInvariant(files);
        }
        // Once the workers finish what they have, nothing that could be read is left waiting.
        for (const key of [...files.keys()]) if (files.get(key) === 'adding') apply(files, key, { type: 'queued' });
        advance(files);
        drain(files);
        expect([...files.values()].filter((s) => s === 'waiting' || ACTIVE.has(s))).toEqual([]);
      }),
      { numRuns: 1000, seed: 34 },
    );
  });

  it('reads the next file while the engine embeds the one before, and holds no more than one read file back', () => {
    const files: Files = new Map([
      ['a', 'waiting'],
      ['b', 'waiting'],
      ['c', 'waiting'],
    ]);
    advance(files);
    expect([...files.values()]).toEqual(['reading', 'waiting', 'waiting']);
    apply(files, 'a', { type: 'handed-over' });
    advance(files);
    expect([...files.values()]).toEqual(['embedding', 'reading', 'waiting']);
    apply(files, 'b', { type: 'handed-over' });
    advance(files);
    // b waits for the engine; c waits for b to be taken.
    expect([...files.values()]).toEqual(['embedding', 'handed-over', 'waiting']);
    apply(files, 'a', { type: 'saved' });
    advance(files);
    expect([...files.values()]).toEqual(['embedding', 'reading']);
  });

  it('starts a file added while the last one is being stored', () => {
    // What stalled: the queue had nothing left to read and waited for the last file's save.
    const files: Files = new Map([['a', 'embedding']]);
    files.set('b', 'adding');
    apply(files, 'b', { type: 'queued' });
    advance(files);
    expect(files.get('b')).toBe('reading');
  });

  it('ignores an event that does not apply', () => {
    expect(transition('waiting', { type: 'handed-over' })).toBeNull();
    expect(transition('paused', { type: 'start-reading' })).toBeNull();
    expect(transition('saved', { type: 'cancel' })).toBeNull();
    expect(transition('embedding', { type: 'failed' })).toBe('failed');
    expect(transition('reading', { type: 'failed', needsPassword: true })).toBe('needs-password');
  });
});

describe('the files the schedule looks at', () => {
  const STATES: FileState[] = ['adding', 'waiting', 'reading', 'handed-over', 'embedding', 'saved', 'failed', 'paused'];

  it('decides as over every file, from the active ones and the oldest waiting one', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STATES), { maxLength: 40 }), (states) => {
        // Newest first, as the queue keeps them.
        const files = states.map((state, i) => ({ key: `f${i}`, state }));
        const active = files.filter((file) => ACTIVE.has(file.state)).length;
        expect(nextSteps(scheduledFiles(files, active))).toEqual(nextSteps(files.toReversed()));
      }),
    );
  });

  it('reads no state past the oldest waiting file once the active ones are found', () => {
    let reads = 0;
    const counted = (key: string, state: FileState) => ({
      key,
      get state() {
        reads++;
        return state;
      },
    });
    // 5,000 files waiting, newest first; the two oldest are being read and embedded.
    const files = [
      ...Array.from({ length: 5000 }, (_, i) => counted(`w${i}`, 'waiting')),
      counted('read', 'reading'),
      counted('embed', 'embedding'),
    ];
    expect(scheduledFiles(files, 2).map((file) => file.key)).toEqual(['embed', 'read', 'w4999']);
    expect(reads).toBeLessThan(10);
  });
});
