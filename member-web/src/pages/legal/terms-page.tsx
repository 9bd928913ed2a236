import { TERMS_KO } from '../../i18n/legal-ko';
import { LegalDocumentView } from './legal-document-view';

export function TermsPage() {
  return <LegalDocumentView doc={TERMS_KO} />;
}
