import { StatusBadge } from '../../components/StatusBadge';

const COLORS = { active: 'green', inactive: 'gray' };

export function ActiveBadge({ active }: { active: boolean }) {
  return <StatusBadge status={active ? 'Active' : 'Inactive'} colors={COLORS} />;
}
