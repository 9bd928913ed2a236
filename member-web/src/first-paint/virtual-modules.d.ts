// Modules the build writes (vite.config.ts plugins).
declare module 'virtual:pretendard-faces' {
  /** Pretendard's dynamic subsets: each one's built address and unicode-range (build/pretendard-faces.ts). */
  export const PRETENDARD_FACES: ReadonlyArray<readonly [href: string, range: string]>;
}
