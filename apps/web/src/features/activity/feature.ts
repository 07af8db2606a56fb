import { LuHistory } from 'react-icons/lu';
import { defineFeature } from '../define';

export const activity = defineFeature({
  nav: { to: '/activity', label: 'Activity', icon: LuHistory },
});
