import { createTRPCQueryUtils } from '@trpc/react-query';
import { createQueryClient } from './queryClient';
import { createTrpcClient } from './trpc';

export const queryClient = createQueryClient();
export const trpcClient = createTrpcClient();

/**
 * tRPC's query options and cache outside React: route loaders build the same query options as
 * the pages that render them, so a hovered link fills the cache the page then reads.
 */
export const api = createTRPCQueryUtils({ queryClient, client: trpcClient });
