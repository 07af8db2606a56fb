import { PageHeader } from '../../components/PageHeader';

/** The dashboard; its stat cards, quick actions and recent lists come with a later issue. */
export function DashboardPage() {
  return <PageHeader title="Dashboard" description="Overview of your supply chain operations" />;
}
