// The picture types every upload takes (the Worker sniffs the bytes; the SPAs check the type first).
// WebP is not among them: the Worker re-encodes every picture from its pixels and has no WebP
// decoder (docs/decisions/0004-reencode-every-image.md).
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/** What a file input's `accept` says: only these, so pickers do not offer GIF or HEIC. */
export const ACCEPTED_IMAGE_INPUT = ACCEPTED_IMAGE_TYPES.join(',');

export const isAcceptedImageType = (type: string): boolean =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(type.toLowerCase());
