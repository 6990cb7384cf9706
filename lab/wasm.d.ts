// The wasm module, raw-deflated, imported as bytes: scripts/build-lab.sh
// writes build/lab/glance_bg.wasm.deflate and bundles it into dist/lab.js
// with esbuild's `binary` loader (a Uint8Array).
declare module "*.wasm.deflate" {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
