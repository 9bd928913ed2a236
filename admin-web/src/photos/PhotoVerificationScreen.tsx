// 사진 인증: the selfie queue (oldest first) with the requested pose and the member's photos side by
// side, approve / reject with a listed reason; below, profile photos that look like another
// account's (dismiss, or open the account). docs/trust.md "Verified photos", "Duplicate photos".
import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { formatKstDateTime } from '@contract/admin-core';
import {
  PHOTO_REJECT_REASONS,
  PHOTO_REJECT_REASON_IDS,
  type AdminPhotoMatch,
  type AdminPhotoVerification,
  type PhotoRejectReason,
} from '@contract/photo-verification';
import { poseImageUrl } from '@contract/pose-art';
import { useLoad } from '../lib/use-load';
import { photoApi } from './photo-api';

const IMG = { width: 180, height: 220, objectFit: 'cover' as const, borderRadius: 8, background: '#eee' };

function Request({ item, onDone }: { item: AdminPhotoVerification; onDone: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState<PhotoRejectReason | ''>('');
  const [busy, setBusy] = useState(false);
  const labelId = `reject-reason-${item.id}`;

  const decide = async (approve: boolean) => {
    if (!approve && !reason) {
      notify('ongi.photos.reason_required', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      await photoApi.decide(
        item.id,
        approve ? { decision: 'APPROVE' } : { decision: 'REJECT', reason: reason as PhotoRejectReason },
      );
      notify(approve ? 'ongi.photos.approved' : 'ongi.photos.rejected', { type: 'success' });
      onDone();
    } catch {
      notify('ongi.photos.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-label={t('ongi.photos.request_label', { name: item.name })}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="h6" component="h3">
            {item.name}
          </Typography>
          <Typography color="text.secondary">{item.email}</Typography>
          <Typography color="text.secondary">{formatKstDateTime(item.createdAt)}</Typography>
          {item.source === 'UPLOAD' ? <Chip color="warning" label={t('ongi.photos.upload_source')} /> : null}
          <Button size="small" href={`#/users/${item.memberId}/show`}>
            {t('ongi.photos.open_account')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2 }}>
          <figure style={{ margin: 0 }}>
            <img src={poseImageUrl(item.pose)} alt="" width={180} height={180} />
            <figcaption>
              <Typography variant="body2">{t('ongi.photos.pose', { caption: item.poseCaption })}</Typography>
            </figcaption>
          </figure>
          <figure style={{ margin: 0 }}>
            {item.selfieUrl ? (
              <img src={item.selfieUrl} alt={t('ongi.photos.selfie_alt', { name: item.name })} style={IMG} />
            ) : (
              <Typography>{t('ongi.photos.selfie_gone')}</Typography>
            )}
            <figcaption>
              <Typography variant="body2">{t('ongi.photos.selfie')}</Typography>
            </figcaption>
          </figure>
          {item.photoUrls.map((url, i) => (
            <figure key={url} style={{ margin: 0 }}>
              <img src={url} alt={t('ongi.photos.member_photo_alt', { name: item.name, n: i + 1 })} style={IMG} />
              <figcaption>
                <Typography variant="body2">
                  {i === 0 ? t('ongi.photos.main_photo') : t('ongi.photos.sub_photo', { n: i })}
                </Typography>
              </figcaption>
            </figure>
          ))}
        </Stack>
        {item.mainImageUrl === null ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('ongi.photos.main_changed')}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button variant="contained" color="primary" disabled={busy} onClick={() => void decide(true)}>
            {t('ongi.photos.approve')}
          </Button>
          <FormControl size="small" sx={{ minWidth: 240 }}>
            <InputLabel id={labelId}>{t('ongi.photos.reason')}</InputLabel>
            <Select
              labelId={labelId}
              label={t('ongi.photos.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value as PhotoRejectReason)}
            >
              {PHOTO_REJECT_REASON_IDS.map((id) => (
                <MenuItem key={id} value={id}>
                  {PHOTO_REJECT_REASONS[id]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Button variant="outlined" color="error" disabled={busy} onClick={() => void decide(false)}>
            {t('ongi.photos.reject')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Match({ match, onDone }: { match: AdminPhotoMatch; onDone: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const side = (who: AdminPhotoMatch['member']) => (
    <figure style={{ margin: 0 }}>
      <img src={who.imageUrl} alt={t('ongi.photos.member_photo_alt', { name: who.name, n: 1 })} style={IMG} />
      <figcaption>
        <Typography variant="body2">
          {who.name} (#{who.id}){' '}
          <Button size="small" href={`#/users/${who.id}/show`}>
            {t('ongi.photos.open_account')}
          </Button>
        </Typography>
      </figcaption>
    </figure>
  );
  return (
    <Card component="section" aria-label={t('ongi.photos.match_label', { a: match.member.name, b: match.other.name })}>
      <CardContent>
        <Typography color="text.secondary">
          {t('ongi.photos.distance', { n: match.distance })} · {formatKstDateTime(match.createdAt)}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ my: 1, flexWrap: 'wrap', gap: 2 }}>
          {side(match.member)}
          {side(match.other)}
        </Stack>
        <Button
          variant="outlined"
          onClick={() =>
            void photoApi.dismiss(match.id).then(
              () => {
                notify('ongi.photos.dismissed', { type: 'success' });
                onDone();
              },
              () => notify('ongi.photos.failed', { type: 'error' }),
            )
          }
        >
          {t('ongi.photos.dismiss')}
        </Button>
      </CardContent>
    </Card>
  );
}

export function PhotoVerificationScreen() {
  const t = useTranslate();
  const queue = useLoad(() => photoApi.queue());
  const matches = useLoad(() => photoApi.matches());
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={t('ongi.menu.photos')} />
      <Typography variant="h5" component="h2">
        {t('ongi.photos.queue_title')}
      </Typography>
      {queue.error ? <Alert severity="error">{t('ongi.photos.load_failed')}</Alert> : null}
      {queue.data?.length === 0 ? <Typography color="text.secondary">{t('ongi.photos.queue_empty')}</Typography> : null}
      {queue.data?.map((item) => (
        <Request key={item.id} item={item} onDone={queue.reload} />
      ))}
      <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
        {t('ongi.photos.matches_title')}
      </Typography>
      {matches.error ? <Alert severity="error">{t('ongi.photos.load_failed')}</Alert> : null}
      {matches.data?.length === 0 ? (
        <Typography color="text.secondary">{t('ongi.photos.matches_empty')}</Typography>
      ) : null}
      {matches.data?.map((m) => (
        <Match key={m.id} match={m} onDone={matches.reload} />
      ))}
    </Box>
  );
}
