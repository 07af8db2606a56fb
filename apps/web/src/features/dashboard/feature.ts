import { LuLayoutDashboard } from 'react-icons/lu';
import { defineFeature } from '../define';

export const dashboard = defineFeature({
  nav: { to: '/', label: 'Dashboard', icon: LuLayoutDashboard },
});
