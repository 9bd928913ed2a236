// '/location': read-only 시/도 and 시/군/구 filled by the picker, then '위치 저장하고 시작하기' (docs/product-spec.md §2).
// A member who already chose a place (at signup) sees it, and a way home without changing it.
import './location.css';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../api/client';
import { useSaveLocation, useSavedLocation } from '../../api/member';
import { Modal } from '../../components/modal';
import { PublicFrame } from '../../components/public-frame';
import { RegionPicker, type RegionChoice } from '../../components/region-picker';
import { showToast } from '../../components/toast/toast-store';
import { ko } from '../../i18n/ko';

export function LocationPage() {
  const navigate = useNavigate();
  const save = useSaveLocation();
  const [choice, setChoice] = useState<RegionChoice | null>(null);
  const [draft, setDraft] = useState<RegionChoice | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The place saved before (my own profile reading), shown until another is picked.
  const saved = useSavedLocation().data ?? null;
  const shown = choice ?? saved;

  const openPicker = () => {
    setDraft(choice);
    setPickerOpen(true);
  };
  const confirmPick = () => {
    setChoice(draft);
    setError(null);
    setPickerOpen(false);
  };
  const submit = () => {
    if (!choice && saved) {
      navigate('/main');
      return;
    }
    if (!choice) {
      setError(ko.location.pickFirst);
      return;
    }
    setError(null);
    save.mutate(
      { address: choice.address, lat: choice.lat, lng: choice.lng },
      {
        onSuccess: () => {
          showToast(ko.location.saved, 'success');
          navigate('/main', { replace: true });
        },
        // The daily change limit's message already says why and until when; the choice stays picked.
        onError: (err) =>
          setError(
            err instanceof ApiError && err.code === 'LOCATION_CHANGE_LIMIT'
              ? err.message
              : ko.location.failed(errorMessage(err)),
          ),
      },
    );
  };

  return (
    <PublicFrame>
      <div className="page">
        <div className="container container--narrow">
          {saved ? (
            <Link to="/main" className="location-back">
              <span aria-hidden="true">‹ </span>
              {ko.location.backHome}
            </Link>
          ) : null}
          <h1 className="page-title">{ko.location.title}</h1>
          <p className="page-lead">{ko.location.lead}</p>
          <div className="card location-card">
            <div className="form-grid form-grid--2">
              <div className="field">
                <label className="field__label" htmlFor="location-city">
                  {ko.region.city}
                </label>
                <input
                  id="location-city"
                  className="input"
                  readOnly
                  value={shown?.city ?? ''}
                  placeholder={ko.location.empty}
                />
              </div>
              <div className="field">
                <label className="field__label" htmlFor="location-district">
                  {ko.region.district}
                </label>
                <input
                  id="location-district"
                  className="input"
                  readOnly
                  value={shown?.district ?? ''}
                  placeholder={ko.location.empty}
                />
              </div>
            </div>
            <button type="button" className="btn btn--secondary btn--block location-card__pick" onClick={openPicker}>
              {shown ? ko.location.change : ko.location.pick}
            </button>
            <p className="field__hint">{ko.location.privacyNote}</p>
          </div>
          {error ? (
            <p className="notice notice--error form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--primary btn--lg btn--block"
            onClick={submit}
            disabled={save.isPending}
          >
            {save.isPending ? ko.location.saving : !choice && saved ? ko.location.keep : ko.location.save}
          </button>
        </div>
      </div>
      <Modal
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        title={ko.location.pickTitle}
        description={ko.location.pickDescription}
      >
        <div className="dialog__body">
          <RegionPicker value={draft} onChange={setDraft} />
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={() => setPickerOpen(false)}>
            {ko.common.cancel}
          </button>
          <button type="button" className="btn btn--primary" onClick={confirmPick} disabled={!draft}>
            {ko.location.pickDone}
          </button>
        </div>
      </Modal>
    </PublicFrame>
  );
}
