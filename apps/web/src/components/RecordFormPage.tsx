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

/** The data a query has once loaded. */
export type Loaded<Q extends FormData<unknown>> = Q extends { data: infer D }
  ? NonNullable<D>
  : never;

/** The data of several queries once loaded, by their names. */
export type Options<Q extends Record<string, FormData<unknown>>> = { [K in keyof Q]: Loaded<Q[K]> };

/**
 * The data of several queries once every one has it, by the same names: `{ order, pharmacies }`
 * from the order and pharmacies queries; the first error otherwise.
 */
export function loadAll<Q extends Record<string, FormData<unknown>>>(
  queries: Q,
): FormData<Options<Q>> {
  const entries = Object.values(queries);
  return {
    data: entries.every((query) => query.data !== undefined)
      ? (Object.fromEntries(
          Object.entries(queries).map(([name, query]) => [name, query.data]),
        ) as Options<Q>)
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
 * The New and Edit pages of a record's form. Edit loads the record (`useRecord`); both load the
 * pickers' options (`useOptions`) before the form shows, with `skeleton` meanwhile; without
 * options the New form shows at once.
 */
export function recordFormPages<
  RecordQuery extends FormData<unknown>,
  OptionQueries extends Record<string, FormData<unknown>>,
>(page: {
  /** 'Order': the titles New Order and Edit Order, 'Failed to load order'. */
  name: string;
  back: Shell['back'];
  newDescription: string;
  /** Under Edit's title: the record's name or number once it is there. */
  editDescription: (record: Loaded<RecordQuery> | undefined) => string;
  useRecord: (id: number) => RecordQuery;
  /** The pickers' queries, by the names the form takes them by. */
  useOptions?: () => OptionQueries;
  skeleton: ReactNode;
  form: (options: Options<OptionQueries>, record?: Loaded<RecordQuery>) => ReactNode;
}) {
  const lower = page.name.toLowerCase();
  const none = {} as Options<OptionQueries>;
  const noOptions: FormData<Options<OptionQueries>> = { data: none, error: null };
  const useOptions = () =>
    // The same hooks on every render of a page: `page.useOptions` is there or not for good.
    page.useOptions ? loadAll(page.useOptions()) : noOptions;

  function NewPage() {
    const options = useOptions();
    const shell = { back: page.back, title: `New ${page.name}`, description: page.newDescription };
    if (!page.useOptions) return <RecordFormPage {...shell}>{page.form(none)}</RecordFormPage>;
    return (
      <RecordFormPage
        {...shell}
        load={options}
        loadError={`Failed to load the ${lower} form`}
        skeleton={page.skeleton}
      >
        {(data) => page.form(data)}
      </RecordFormPage>
    );
  }

  function EditPage({ id }: { id: number }) {
    const record = page.useRecord(id);
    const options = useOptions();
    return (
      <RecordFormPage
        back={page.back}
        title={`Edit ${page.name}`}
        description={page.editDescription(record.data as Loaded<RecordQuery> | undefined)}
        load={loadAll({ record, options })}
        loadError={`Failed to load ${lower}`}
        skeleton={page.skeleton}
      >
        {(data) => page.form(data.options, data.record)}
      </RecordFormPage>
    );
  }

  return { NewPage, EditPage };
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
