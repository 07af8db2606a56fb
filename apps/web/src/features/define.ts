import type { LinkProps } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import type { ActivityEntityType } from '@pharm/validators/entities';
import type { Permission } from '@pharm/validators/roles';
import type { RouterOutputs } from '../lib/trpc';

export type SearchResults = RouterOutputs['search']['find'];

/**
 * One result of the top bar's search; `link` opens the record's page (a lot, which has none, its
 * recall list).
 */
export interface SearchHit {
  key: string;
  group: string;
  title: string;
  detail: string;
  link:
    | { to: LinkProps['to']; params: { id: number } }
    | { to: LinkProps['to']; search: Record<string, string> };
}

/**
 * What a feature adds to the app's shared screens (features/index.ts lists the features). Nothing
 * here may import a screen: the definitions load with the signed-in frame.
 */
export interface Feature {
  /**
   * Its item in the side menu; its `to` is also the list page a record of it opens on. With
   * `permission`, only roles holding it see the item (the screen refuses the others anyway).
   * `inMenu: false` keeps a list out of the menu when another item leads to it (the recalls,
   * under Recall); that item names it in `alsoActiveOn`, so that it shows as the current one there.
   */
  nav?: {
    to: LinkProps['to'];
    label: string;
    icon: IconType;
    permission?: Permission;
    inMenu?: false;
    alsoActiveOn?: readonly LinkProps['to'][];
  };
  /** The record type whose changes it shows in the activity log, by name. */
  activity?: { type: ActivityEntityType; one: string; many: string };
  /**
   * A sales document (features/documents) and what differs between its forms and form pages:
   * `details` is the description of the form's details card; `skeleton` the form's shape while
   * it loads: the spans (of 3 columns) of its details' fields, the summary's rows and the line
   * items' rows.
   */
  document?: {
    noun: string;
    list: LinkProps['to'];
    colors: Readonly<Record<string, string>>;
    newDescription: string;
    editDescription: string;
    details: string;
    notesPlaceholder: string;
    summaryWidth: string;
    summaryGap: string;
    skeleton: { spans: readonly number[]; summaryRows: number; lines: number };
  };
  /** Its group of the top bar's search results. */
  search?: (results: SearchResults) => SearchHit[];
}

/** A feature's definition, its paths and names kept as the literal types the router checks. */
export function defineFeature<const F extends Feature>(feature: F): F {
  return feature;
}
