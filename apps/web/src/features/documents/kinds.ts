import { FEATURES, type AppFeature } from '..';

type DocumentKind = Extract<AppFeature, { document: object }>['document'];

export type DocumentNoun = DocumentKind['noun'];

/** The sales documents (the order and the invoice) by noun, as their features define them. */
export const DOCUMENT_KINDS = Object.fromEntries(
  FEATURES.flatMap((feature) =>
    'document' in feature ? [[feature.document.noun, feature.document]] : [],
  ),
) as { [Noun in DocumentNoun]: Extract<DocumentKind, { noun: Noun }> };
