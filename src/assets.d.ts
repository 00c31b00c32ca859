/** A raster image imported with `?responsive` (scripts/responsive-images.ts). */
declare module '*?responsive' {
  const image: {
    src: string;
    width: number;
    height: number;
    srcset: string;
    sources: ReadonlyArray<{ type: string; srcset: string }>;
  };
  export default image;
}
