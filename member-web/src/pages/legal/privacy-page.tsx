import { PRIVACY_KO } from '../../i18n/legal-ko';
import { LegalDocumentView } from './legal-document-view';

export function PrivacyPage() {
  return <LegalDocumentView doc={PRIVACY_KO} />;
}
