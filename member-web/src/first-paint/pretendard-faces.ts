// Pretendard's dynamic subsets (contract/pretendard-faces.ts), registered when the app starts instead of
// from a style sheet every first paint waited for (member-web/build/pretendard-faces.ts). Each face is
// fetched only when a page shows one of its characters, as with @font-face. A face the Worker already
// declared in the shell (a first screen's live text needs it) is not added twice.
import { PRETENDARD_FACE, rangeKey } from '@contract/pretendard-faces';

type FaceConstructor = new (family: string, source: string, descriptors: FontFaceDescriptors) => FontFace;

/** Adds every subset `fonts` does not have yet; returns how many it added. */
export function addPretendardFaces(
  fonts: FontFaceSet,
  faces: ReadonlyArray<readonly [href: string, range: string]>,
  Face: FaceConstructor = FontFace,
): number {
  const declared = new Set<string>();
  fonts.forEach((face) => {
    if (face.family.replace(/["']/g, '') === PRETENDARD_FACE.family) declared.add(rangeKey(face.unicodeRange));
  });
  let added = 0;
  for (const [href, range] of faces) {
    if (declared.has(rangeKey(range))) continue;
    const { family, style, weight, display } = PRETENDARD_FACE;
    fonts.add(
      new Face(family, `url(${href}) format('woff2-variations')`, { style, weight, display, unicodeRange: range }),
    );
    added += 1;
  }
  return added;
}
