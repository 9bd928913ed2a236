// The member form: validated with the contract's signupData schema, sent as multipart with photos.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { signupData, type Agreements, type SignupData, type SignupTokenPayload } from '@contract/auth';
import type { VerifiedIdentity } from '@contract/identity';
import { LOOKING_FOR } from '@contract/enums';
import { NICKNAME_LIMITS } from '@contract/nickname';
import { LIMITS, STORAGE_KEYS } from '@contract/limits';
import { countChars } from '@contract/text';
import { loginWithTicket } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { createMemberProfile } from '../../api/member';
import { InterestPicker } from '../../components/interest-picker';
import { PhotoPicker } from '../../components/photo-picker';
import { RegionPicker, type RegionChoice } from '../../components/region-picker';
import { ko } from '../../i18n/ko';
import { verifiedIdentityStore } from '../../lib/identity-verification';
import { localValue, sessionValue } from '../../lib/storage';
import { IdentityFields } from './identity-fields';
import { UploadProgress } from './upload-progress';

type FormInput = z.input<typeof signupData>;
const SERVER_FIELDS: readonly FieldPath<FormInput>[] = [
  'name',
  'lookingFor',
  'interests',
  'city',
  'district',
  'lat',
  'lng',
  'agreements',
];
const isFormField = (key: string): key is FieldPath<FormInput> => (SERVER_FIELDS as readonly string[]).includes(key);

interface SignupFormProps {
  payload: SignupTokenPayload;
  agreements: Agreements;
  verified: VerifiedIdentity;
}

export function SignupForm({ payload, agreements, verified }: SignupFormProps) {
  const navigate = useNavigate();
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [region, setRegion] = useState<RegionChoice | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, SignupData>({
    resolver: zodResolver(signupData),
    // The 닉네임 starts empty: never the portal's or the verified real name (docs/trust.md "Identity (본인확인)").
    defaultValues: {
      name: '',
      interests: [],
      agreements,
    },
  });

  // The count the Worker makes (text.ts): characters a person sees, not UTF-16 units.
  const nameLength = countChars(useWatch({ control, name: 'name' }) ?? '');

  const pickRegion = (choice: RegionChoice | null) => {
    setRegion(choice);
    setValue('city', choice?.city);
    setValue('district', choice?.district);
    setValue('lat', choice?.lat);
    setValue('lng', choice?.lng);
  };

  const submit = async (data: SignupData) => {
    setFailure(null);
    setPhotoError(undefined);
    setProgress(0);
    try {
      const memberId = await createMemberProfile(data, photos, (f) => setProgress(Math.round(f * 100)));
      await loginWithTicket(memberId);
      sessionValue.remove(STORAGE_KEYS.tempSignupToken);
      localValue.remove(STORAGE_KEYS.agreements);
      verifiedIdentityStore.clear();
      // The skippable details step (docs/api-extensions.md "profile-details"), then /main.
      navigate('/signup/details', { replace: true });
    } catch (err) {
      setProgress(null);
      if (err instanceof ApiError && err.code === 'IDENTITY_REQUIRED') {
        // The binding expired (30 minutes) or was never made: verify again.
        verifiedIdentityStore.clear();
        navigate('/signup/verify', { replace: true });
        return;
      }
      if (err instanceof ApiError && err.fields) {
        for (const [key, message] of Object.entries(err.fields)) {
          if (isFormField(key)) setError(key, { type: 'server', message });
          else if (key === 'images') setPhotoError(message);
        }
      }
      setFailure(ko.errors.occurred(errorMessage(err)));
    }
  };

  const locationError = errors.city?.message ?? errors.district?.message ?? errors.lat?.message ?? errors.lng?.message;

  return (
    <form className="signup-form" onSubmit={(e) => void handleSubmit(submit)(e)} noValidate>
      <section className="card" aria-labelledby="signup-identity">
        <h2 id="signup-identity" className="card__title">
          {ko.signup.identityTitle}
        </h2>
        <div className="field">
          <label className="field__label" htmlFor="signup-name">
            {ko.signup.name}
          </label>
          <input
            id="signup-name"
            className="input"
            autoComplete="nickname"
            maxLength={NICKNAME_LIMITS.max * 4}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={
              errors.name
                ? 'signup-name-hint signup-name-count signup-name-error'
                : 'signup-name-hint signup-name-count'
            }
            {...register('name')}
          />
          <p id="signup-name-hint" className="field__hint">
            {ko.signup.nameHint}
          </p>
          <p id="signup-name-count" className="field__hint">
            {ko.signup.nameCount(nameLength, NICKNAME_LIMITS.max)}
          </p>
          {errors.name?.message ? (
            <p id="signup-name-error" className="field__error">
              {errors.name.message}
            </p>
          ) : null}
        </div>
        <IdentityFields payload={payload} verified={verified} />
      </section>

      <section className="card" aria-labelledby="signup-looking">
        <fieldset aria-describedby={errors.lookingFor ? 'signup-looking-error' : undefined}>
          <legend id="signup-looking" className="card__title">
            {ko.signup.lookingForTitle}
          </legend>
          <div className="segmented">
            {LOOKING_FOR.map((v) => (
              <label key={v} className="segmented__option">
                <input type="radio" value={v} {...register('lookingFor')} />
                <span>{ko.signup.lookingFor[v]}</span>
              </label>
            ))}
          </div>
          {errors.lookingFor?.message ? (
            <p id="signup-looking-error" className="field__error" role="alert">
              {errors.lookingFor.message}
            </p>
          ) : null}
        </fieldset>
      </section>

      <section className="card" aria-labelledby="signup-interests">
        <h2 id="signup-interests" className="card__title">
          {ko.signup.interestsTitle}
        </h2>
        <p className="field__hint signup-form__hint">{ko.signup.interestsHint(LIMITS.maxInterests)}</p>
        <Controller
          control={control}
          name="interests"
          render={({ field, fieldState }) => (
            <InterestPicker
              value={field.value}
              onChange={field.onChange}
              labelledBy="signup-interests"
              error={fieldState.error?.message}
            />
          )}
        />
      </section>

      <section className="card" aria-labelledby="signup-photos">
        <h2 id="signup-photos" className="card__title">
          {ko.signup.photosTitle}
        </h2>
        <p className="field__hint signup-form__hint">{ko.signup.photosHint(LIMITS.profileImages)}</p>
        <PhotoPicker onFilesChange={setPhotos} error={photoError} />
      </section>

      {agreements.LOCATION ? (
        <section className="card" aria-labelledby="signup-location">
          <h2 id="signup-location" className="card__title">
            {ko.signup.locationTitle}
          </h2>
          <p className="field__hint signup-form__hint">{ko.signup.locationHint}</p>
          <RegionPicker
            value={region}
            onChange={pickRegion}
            errorId={locationError ? 'signup-location-error' : undefined}
          />
          {locationError ? (
            <p id="signup-location-error" className="field__error" role="alert">
              {locationError}
            </p>
          ) : null}
        </section>
      ) : null}

      {progress !== null ? <UploadProgress percent={progress} /> : null}
      {failure ? (
        <p className="notice notice--error form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={isSubmitting}>
        {isSubmitting ? ko.signup.submitting : ko.signup.submit}
      </button>
    </form>
  );
}
