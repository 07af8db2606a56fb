import type { ReactNode } from 'react';
import { Card, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { LinkProps } from '@tanstack/react-router';
import { errorMessage, errorStatus } from '../lib/errors';
import { BackLink } from './BackLink';
import { NotFoundPage } from './NotFound';
import { PageHeader } from './PageHeader';

/** What a record form waits for: the record it edits and whatever its pickers list. */
export interface FormData<T> {
  data: T | undefined;
  error: unknown;
}

/**
 * The data of several queries once every one has it, by the same names: `{ order, pharmacies }`
 * from the order and pharmacies queries; the first error otherwise.
 */
export function loadAll<T extends Record<string, unknown>>(queries: {
  [K in keyof T]: FormData<T[K]>;
}): FormData<T> {
  const entries = Object.values<FormData<unknown>>(queries);
  return {
    data: entries.every((query) => query.data !== undefined)
      ? (Object.fromEntries(
          Object.entries<FormData<unknown>>(queries).map(([name, query]) => [name, query.data]),
        ) as T)
      : undefined,
    error: entries.find((query) => query.error)?.error ?? null,
  };
}

interface Shell {
  back: { to: LinkProps['to']; label: string };
  title: string;
  description: string;
}

/**
 * The page of a record form (new and edit alike): a back link to the list, the title, then the
 * form. With `load`, the form shows once its data is there: `skeleton` until then, the 404 page
 * for a record that does not exist (an old link, a deleted record), `loadError` and the reason
 * otherwise.
 */
export function RecordFormPage<T>(
  props: Shell &
    (
      | { load?: undefined; children: ReactNode }
      | {
          load: FormData<T>;
          /** 'Failed to load order': what shows before the reason when loading fails. */
          loadError: string;
          skeleton: ReactNode;
          children: (data: T) => ReactNode;
        }
    ),
) {
  const { back, title, description } = props;
  if (props.load && errorStatus(props.load.error) === 404) return <NotFoundPage />;
  return (
    <>
      <PageHeader
        back={<BackLink to={back.to}>{back.label}</BackLink>}
        title={title}
        description={description}
      />
      {!props.load ? (
        props.children
      ) : props.load.error ? (
        <Text color="fg.error" textStyle="sm">
          {props.loadError}: {errorMessage(props.load.error)}
        </Text>
      ) : props.load.data === undefined ? (
        props.skeleton
      ) : (
        props.children(props.load.data)
      )}
    </>
  );
}

/**
 * Placeholders in the shape of a form card: `fields` labelled inputs in two columns (the last
 * `tall` of them text areas), then `rows` full-width rows (a table of lines).
 */
export function FormSkeleton({
  fields,
  tall = 0,
  rows = 0,
}: {
  fields: number;
  tall?: number;
  rows?: number;
}) {
  return (
    <Card.Root p={{ base: '5', md: '8' }} data-testid="form-skeleton" aria-busy="true">
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6">
        {Array.from({ length: fields }, (_, index) => (
          <Stack key={index} gap="2">
            <Skeleton h="4" w="32" />
            <Skeleton h={index >= fields - tall ? '24' : '10'} />
          </Stack>
        ))}
      </Grid>
      {rows > 0 ? (
        <Stack gap="2" mt="8">
          {Array.from({ length: rows }, (_, index) => (
            <Skeleton key={index} h="9" />
          ))}
        </Stack>
      ) : null}
    </Card.Root>
  );
}
