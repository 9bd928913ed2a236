// What a failed post load says: a post that is gone (404: deleted, or never there) is not a load failure.
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';

export function postLoadMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 404 ? ko.community.postDeleted : ko.community.postLoadFailed;
}
