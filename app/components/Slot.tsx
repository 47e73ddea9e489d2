import type { SlotName } from '../../core/plugin/types';
import { Contribution } from '../plugins/ContributionBoundary';
import { useRegistryItems } from '../plugins/PluginHostContext';

/** Renders the `slots` registry's contributions for `name`, in ascending `order`. */
export function Slot({ name, className }: { name: SlotName; className?: string }) {
  const items = useRegistryItems('slots')
    .filter((item) => item.slot === name)
    .slice()
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  if (items.length === 0) return null;
  return (
    <div className={`slot slot--${name.replace('.', '-')} ${className ?? ''}`} data-slot={name}>
      {items.map((item) => (
        <Contribution key={item.id} id={item.id} owner={item.owner} loader={item.component} />
      ))}
    </div>
  );
}
