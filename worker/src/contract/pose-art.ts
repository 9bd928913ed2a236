// The pose illustrations of 사진 인증 (docs/trust.md "Verified photos") as SVG markup, drawn from a few shapes: a head
// (turned or lifted for the head poses) and a hand whose raised fingers, place and tilt make the
// gesture. One source for the member page (inline SVG) and the console (next to the selfie).
import type { Pose } from './photo-verification';

type Finger = 'thumb' | 'index' | 'middle' | 'ring' | 'pinky';
type HandArt = { x: number; y: number; rotate: number; fingers: Finger[]; extra?: 'ok' | 'heart' };
type PoseArt = { face: { dx: number; dy: number }; hand?: HandArt; arrow?: 'left' | 'right' | 'up' };

const ART: Record<Pose, PoseArt> = {
  V_SIGN: { face: { dx: 0, dy: 0 }, hand: { x: 160, y: 92, rotate: 0, fingers: ['index', 'middle'] } },
  THUMBS_UP: { face: { dx: 0, dy: 0 }, hand: { x: 160, y: 120, rotate: 0, fingers: ['thumb'] } },
  HAND_ON_CHEEK: {
    face: { dx: 0, dy: 0 },
    hand: { x: 134, y: 104, rotate: -20, fingers: ['index', 'middle', 'ring', 'pinky', 'thumb'] },
  },
  OK_SIGN: {
    face: { dx: 0, dy: 0 },
    hand: { x: 160, y: 98, rotate: 0, fingers: ['middle', 'ring', 'pinky'], extra: 'ok' },
  },
  THREE_FINGERS: { face: { dx: 0, dy: 0 }, hand: { x: 160, y: 96, rotate: 0, fingers: ['index', 'middle', 'ring'] } },
  OPEN_PALM: {
    face: { dx: 0, dy: 0 },
    hand: { x: 162, y: 96, rotate: 0, fingers: ['thumb', 'index', 'middle', 'ring', 'pinky'] },
  },
  FIST_UNDER_CHIN: { face: { dx: 0, dy: 0 }, hand: { x: 100, y: 140, rotate: 0, fingers: [] } },
  POINT_UP: { face: { dx: 0, dy: 0 }, hand: { x: 160, y: 96, rotate: 0, fingers: ['index'] } },
  HAND_ON_HEAD: {
    face: { dx: 0, dy: 0 },
    hand: { x: 112, y: 34, rotate: 80, fingers: ['index', 'middle', 'ring', 'pinky', 'thumb'] },
  },
  TURN_LEFT: { face: { dx: -12, dy: 0 }, arrow: 'left' },
  TURN_RIGHT: { face: { dx: 12, dy: 0 }, arrow: 'right' },
  CHIN_UP: { face: { dx: 0, dy: -10 }, arrow: 'up' },
  FINGER_HEART: { face: { dx: 0, dy: 0 }, hand: { x: 160, y: 100, rotate: 0, fingers: [], extra: 'heart' } },
  COVER_ONE_EYE: {
    face: { dx: 0, dy: 0 },
    hand: { x: 118, y: 76, rotate: -10, fingers: ['index', 'middle', 'ring', 'pinky'] },
  },
};

const SKIN = '#f4c7a1';
const LINE = '#5b3a29';
const HAND = '#f0b98f';

/** Finger rectangles relative to the palm's centre: x offset, length, tilt. */
const FINGERS: Record<Finger, { x: number; len: number; tilt: number }> = {
  thumb: { x: -16, len: 16, tilt: -45 },
  index: { x: -9, len: 22, tilt: -6 },
  middle: { x: -2, len: 25, tilt: 0 },
  ring: { x: 5, len: 22, tilt: 6 },
  pinky: { x: 12, len: 17, tilt: 12 },
};

function hand(h: HandArt): string {
  const parts: string[] = [];
  for (const f of h.fingers) {
    const { x, len, tilt } = FINGERS[f];
    const y = f === 'thumb' ? -2 : -10;
    parts.push(
      `<rect x="${x - 3.5}" y="${y - len}" width="7" height="${len + 4}" rx="3.5" transform="rotate(${tilt} ${x} ${y})" fill="${HAND}" stroke="${LINE}" stroke-width="1.5"/>`,
    );
  }
  parts.push(
    `<rect x="-15" y="-12" width="30" height="26" rx="9" fill="${HAND}" stroke="${LINE}" stroke-width="1.5"/>`,
  );
  if (h.extra === 'ok') parts.push(`<circle cx="-13" cy="-12" r="7" fill="none" stroke="${LINE}" stroke-width="3"/>`);
  if (h.extra === 'heart') {
    parts.push(
      `<path d="M0 -14 C -4 -22, -14 -20, -10 -30 M0 -14 C 4 -22, 14 -20, 10 -30" fill="none" stroke="${LINE}" stroke-width="3" stroke-linecap="round"/>`,
      `<path d="M0 -34 c -6 -8 -16 0 -8 8 l 8 8 l 8 -8 c 8 -8 -2 -16 -8 -8z" fill="#e8627a"/>`,
    );
  }
  return `<g transform="translate(${h.x} ${h.y}) rotate(${h.rotate})">${parts.join('')}</g>`;
}

function arrow(dir: 'left' | 'right' | 'up'): string {
  const path =
    dir === 'left'
      ? 'M60 30 H28 m10 -9 l-10 9 l10 9'
      : dir === 'right'
        ? 'M140 30 H172 m-10 -9 l10 9 l-10 9'
        : 'M100 30 V6 m-9 10 l9 -10 l9 10';
  return `<path d="${path}" fill="none" stroke="#e07a5f" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** The pose drawn as an SVG document (200×200), decorative: the caption names it. */
export function poseSvg(pose: Pose): string {
  const art = ART[pose];
  const { dx, dy } = art.face;
  const face = [
    `<path d="M40 200 C 45 150, 155 150, 160 200 Z" fill="#8fb8de" stroke="${LINE}" stroke-width="2"/>`,
    `<rect x="88" y="118" width="24" height="22" fill="${SKIN}"/>`,
    `<ellipse cx="100" cy="84" rx="40" ry="46" fill="${SKIN}" stroke="${LINE}" stroke-width="2"/>`,
    `<path d="M60 78 C 58 34, 142 34, 140 78 C 128 56, 76 56, 60 78 Z" fill="#3b2a22"/>`,
    `<g transform="translate(${dx} ${dy})">`,
    `<circle cx="86" cy="86" r="4" fill="${LINE}"/><circle cx="114" cy="86" r="4" fill="${LINE}"/>`,
    `<path d="M100 92 l${dx === 0 ? 0 : dx / 3} 10" stroke="${LINE}" stroke-width="2" stroke-linecap="round"/>`,
    `<path d="M90 110 Q100 118 110 110" fill="none" stroke="${LINE}" stroke-width="2.5" stroke-linecap="round"/>`,
    `</g>`,
  ].join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" aria-hidden="true" focusable="false">` +
    `<rect width="200" height="200" rx="20" fill="#fff4ec"/>${face}${art.hand ? hand(art.hand) : ''}${art.arrow ? arrow(art.arrow) : ''}</svg>`
  );
}

/** The same drawing as a data URL, for an <img>. */
export const poseImageUrl = (pose: Pose): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(poseSvg(pose))}`;
