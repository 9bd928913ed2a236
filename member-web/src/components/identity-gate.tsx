// The friendly gate (docs/trust.md "Identity (본인확인)"): a member without 본인확인 who tries to send a heart, a chat
// request or a message (403 IDENTITY_REQUIRED) is offered the verification instead of an error.
import { useLocation, useNavigate } from 'react-router-dom';
import { ko } from '../i18n/ko';
import { dismissIdentityRequired, useIdentityRequired } from '../lib/identity-gate-store';
import { sessionValue } from '../lib/storage';
import { ConfirmDialog } from './confirm-dialog';

export function IdentityGate() {
  const asked = useIdentityRequired();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <ConfirmDialog
      open={asked}
      onOpenChange={(open) => {
        if (!open) dismissIdentityRequired();
      }}
      title={ko.identity.gateTitle}
      description={ko.identity.gateLead}
      confirmLabel={ko.identity.gateStart}
      cancelLabel={ko.identity.later}
      onConfirm={() => {
        sessionValue.set('identityReturnTo', location.pathname + location.search);
        navigate('/identity/verify');
      }}
    />
  );
}
