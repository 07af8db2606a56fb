import type { ControlledSchedule, LicenceKind, LicenceOutput } from '@pharm/validators';

/** A licence as the form edits it: text fields as text, '' for none. */
export interface LicenceInput {
  kind: LicenceKind;
  number: string;
  state: string;
  schedules: ControlledSchedule[];
  issuedOn: string;
  expiresOn: string;
  verified: boolean;
  notes: string;
}

export function inputOf(licence: LicenceOutput): LicenceInput {
  return {
    kind: licence.kind,
    number: licence.number,
    state: licence.state ?? '',
    schedules: licence.schedules,
    issuedOn: licence.issuedOn ?? '',
    expiresOn: licence.expiresOn ?? '',
    verified: licence.verifiedAt !== null,
    notes: licence.notes ?? '',
  };
}
