import { createFileRoute } from '@tanstack/react-router';
import { TokensPage } from '../../../features/tokens/TokensPage';

export const Route = createFileRoute('/_app/settings/tokens')({
  component: TokensPage,
});
