import { describe, expect, it } from 'vitest';
import { namesActor } from './actor.ts';

describe('namesActor', () => {
  it('accepts the actor by name, in any case and with spaces around it', () => {
    expect(namesActor('alice', 'alice')).toBe(true);
    expect(namesActor('alice', 'Alice')).toBe(true);
    expect(namesActor('Alice', ' aLICE \t')).toBe(true);
  });

  it('accepts a payload that names nobody', () => {
    expect(namesActor('alice', undefined)).toBe(true);
  });

  it('refuses anybody else, an empty name and a name that only starts like the actor', () => {
    expect(namesActor('alice', 'bob')).toBe(false);
    expect(namesActor('alice', '')).toBe(false);
    expect(namesActor('alice', 'alice2')).toBe(false);
    expect(namesActor('alice', 'al ice')).toBe(false);
  });
});
