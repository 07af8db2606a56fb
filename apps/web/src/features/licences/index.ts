// What other features mount: the record page of a pharmacy (issue 25) takes LicencesSection.
export { LicencesSection } from './LicencesSection';
export { LicenceWarning } from './LicenceWarning';
export { LicenceIssuesPanel } from './LicenceIssuesPanel';
