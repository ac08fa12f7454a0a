/** sharp, loaded on first use (a native module most processes never need). */

let sharpModule: Promise<typeof import("sharp")> | undefined;

/** The sharp module, with libvips' operation cache off (results are stored, not re-made). */
export async function loadSharp(): Promise<typeof import("sharp")> {
  sharpModule ??= import("sharp").then((m) => {
    m.default.cache(false);
    return m;
  });
  return sharpModule;
}
