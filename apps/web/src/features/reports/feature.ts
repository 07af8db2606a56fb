import { LuChartColumn } from 'react-icons/lu';
import { defineFeature } from '../define';

export const reports = defineFeature({
  nav: { to: '/reports', label: 'Reports', icon: LuChartColumn },
});
