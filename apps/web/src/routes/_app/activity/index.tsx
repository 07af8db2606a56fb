import { createFileRoute } from '@tanstack/react-router';
import { ActivityPage } from '../../../features/activity/ActivityPage';
import { activityList, activitySearch } from '../../../features/activity/list';
import { listLoader } from '../../../features/lists/route';

export const Route = createFileRoute('/_app/activity/')({
  validateSearch: activitySearch,
  loaderDeps: ({ search }) => search,
  loader: listLoader(activityList),
  component: ActivityPage,
});
