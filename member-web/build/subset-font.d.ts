// subset-font ships no types: the one call the build uses.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt';
      variationAxes?: Record<string, unknown>;
      keepFeatures?: string[];
    },
  ): Promise<Buffer>;
}
