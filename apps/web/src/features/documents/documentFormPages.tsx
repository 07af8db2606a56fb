import type { ReactNode } from 'react';
import {
  recordFormPages,
  type FormData,
  type Loaded,
  type Options,
} from '../../components/RecordFormPage';
import { trpc } from '../../lib/trpc';
import { DocumentFormSkeleton } from './DocumentFormSkeleton';
import { DOCUMENT_KINDS, type DocumentNoun } from './kinds';

/** Every document is a pharmacy's: its form's picker lists them. */
function usePharmacyOptions() {
  return { pharmacies: trpc.pharmacies.options.useQuery() };
}

/**
 * The New and Edit pages of an order or invoice form (`recordFormPages`): back to its list, the
 * kind's texts and skeleton (kinds.ts), under Edit's title the document's number and pharmacy once
 * it is there, and the pharmacies for the form beside the page's own options.
 */
export function documentFormPages<
  RecordQuery extends FormData<{ pharmacy: { name: string } }>,
  OptionQueries extends Record<string, FormData<unknown>>,
>(
  noun: DocumentNoun,
  page: {
    useRecord: (id: number) => RecordQuery;
    /** 'ORD-0001'. */
    number: (record: Loaded<RecordQuery>) => string;
    /** The pickers' other queries, by the names the form takes them by. */
    useOptions: () => OptionQueries;
    form: (
      options: Options<ReturnType<typeof usePharmacyOptions> & OptionQueries>,
      record?: Loaded<RecordQuery>,
    ) => ReactNode;
  },
) {
  const kind = DOCUMENT_KINDS[noun];
  return recordFormPages({
    name: noun,
    back: { to: kind.list, label: `Back to ${noun}s` },
    newDescription: kind.newDescription,
    editDescription: (record) =>
      record ? `${page.number(record)} · ${record.pharmacy.name}` : kind.editDescription,
    useRecord: page.useRecord,
    useOptions: () => ({ ...usePharmacyOptions(), ...page.useOptions() }),
    skeleton: <DocumentFormSkeleton noun={noun} />,
    form: page.form,
  });
}
