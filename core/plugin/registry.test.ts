import { describe, expect, it, vi } from 'vitest';
import { createRegistry } from './registry';
import type { ToolContribution } from './types';

const tool = (id: string): ToolContribution => ({ id, label: `navigation.tool.${id}`, placement: 'navigation', kind: 'action' });

describe('createRegistry', () => {
  it('registers, lists, gets and disposes exactly one entry', () => {
    const tools = createRegistry<ToolContribution>('tools');
    const disposeHome = tools.registerAs('navigation', tool('home'));
    tools.registerAs('navigation', tool('north'));
    expect(tools.list().map((entry) => [entry.id, entry.owner])).toEqual([
      ['home', 'navigation'],
      ['north', 'navigation'],
    ]);
    disposeHome();
    disposeHome();
    expect(tools.get('home')).toBeUndefined();
    expect(tools.list().map((entry) => entry.id)).toEqual(['north']);
  });

  it('throws on a duplicate id, naming the kind, the id and both owners', () => {
    const tools = createRegistry<ToolContribution>('tools');
    tools.forOwner('navigation').register(tool('home'));
    expect(() => tools.forOwner('other').register(tool('home'))).toThrow(
      new Error('tools: "home" is already registered by plugin "navigation"; plugin "other" cannot register it'),
    );
  });

  it('tells subscribers the full list after every change, until unsubscribed', () => {
    const tools = createRegistry<ToolContribution>('tools');
    const listener = vi.fn();
    const unsubscribe = tools.subscribe(listener);
    const dispose = tools.register(tool('home'));
    dispose();
    unsubscribe();
    tools.register(tool('north'));
    expect(listener.mock.calls.map(([items]) => items.map((item: { id: string }) => item.id))).toEqual([['home'], []]);
    expect(tools.get('north')?.owner).toBe('core');
  });

  it('a disposer of a removed entry does not remove a later entry with the same id', () => {
    const tools = createRegistry<ToolContribution>('tools');
    const first = tools.register(tool('home'));
    first();
    tools.registerAs('navigation', tool('home'));
    first();
    expect(tools.get('home')?.owner).toBe('navigation');
  });
});
